import { useState } from 'preact/hooks';
import type { TrajectoryView } from '../../export';
import type { SessionRecord } from '../../store/records';
import { ImportInput } from '../export/import-input';
import type { UiServices } from '../shared/services';
import { ConfirmButton } from './confirm-button';
import { canContinue } from './history-format';
import { HistoryMenu } from './history-menu';
import { HistoryRowMeta, HistoryRowText } from './history-row';
import { useHistory } from './use-history';

/**
 * A run's extra attempts go with it, and so do the earlier questions of its thread: none of them is
 * listed on its own, so nothing else could delete them.
 */
async function deleteWithAttempts(store: Awaited<UiServices['store']>, id: string): Promise<void> {
  const seen = new Set<string>();
  for (let at: string | undefined = id; at && !seen.has(at); ) {
    seen.add(at);
    const earlier: string | undefined = (await store.sessions.get(at))?.followUpOf;
    for (const child of await store.sessions.listChildren(at)) await store.sessions.delete(child.id);
    await store.sessions.delete(at);
    at = earlier;
  }
}

export interface HistoryActions {
  open(session: SessionRecord): void;
  resume(session: SessionRecord): void;
  openImport(view: TrajectoryView): void;
  onError(message: string): void;
}

export function HistoryList({
  services,
  actions,
  activeIds,
}: {
  services: UiServices;
  actions: HistoryActions;
  activeIds: readonly string[];
}) {
  const { t } = services;
  const [query, setQuery] = useState('');
  const { sessions, error, refresh } = useHistory(services, query);
  const run = (fn: (s: Awaited<UiServices['store']>) => Promise<void>) => async () => {
    try {
      await fn(await services.store);
      await refresh();
    } catch (e) {
      actions.onError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section class="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('historyTitle')}</h2>
      <div class="history-tools">
        <input
          type="search"
          aria-label={t('historySearch')}
          placeholder={t('historySearch')}
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
        <HistoryMenu t={t}>
          <ImportInput onOpen={actions.openImport} t={t} />
          {sessions && sessions.length > 0 ? (
            <ConfirmButton
              label={t('historyClearAll')}
              question={t('historyClearAllQuestion', String(sessions.length))}
              confirmLabel={t('historyClearAllConfirm')}
              onConfirm={() => void run((s) => s.sessions.clearAll())()}
              t={t}
              testId="clear-history"
            />
          ) : null}
        </HistoryMenu>
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {sessions === null ? <p>{t('loading')}</p> : null}
      {sessions?.length === 0 ? <p class="muted">{query ? t('historyNoMatch') : t('historyEmpty')}</p> : null}
      <ul class="history-list" data-testid="history">
        {(sessions ?? []).map((s) => (
          <HistoryRow
            key={s.id}
            s={s}
            continuable={canContinue(s, activeIds)}
            actions={actions}
            onDelete={() => void run((st) => deleteWithAttempts(st, s.id))()}
            t={t}
          />
        ))}
      </ul>
    </section>
  );
}

/** One past session: its question (opens it), when and how it ended, Continue and Delete. */
function HistoryRow({
  s,
  continuable,
  actions,
  onDelete,
  t,
}: {
  s: SessionRecord;
  continuable: boolean;
  actions: HistoryActions;
  onDelete: () => void;
  t: UiServices['t'];
}) {
  return (
    <li data-testid="history-item" data-status={s.status}>
      {/* The title gets the row's width (two lines at most, the whole of it on hover); the
          row's buttons sit small on the line below, beside when and how it ended. */}
      <button type="button" class="history-open" title={s.question} onClick={() => actions.open(s)}>
        <HistoryRowText s={s} />
      </button>
      <div class="history-foot">
        <HistoryRowMeta s={s} t={t} />
        <span class="history-actions">
          {continuable ? (
            <button
              type="button"
              class="quiet"
              data-testid="history-continue"
              onClick={() => actions.resume(s)}
            >
              {t('historyContinue')}
            </button>
          ) : null}
          <ConfirmButton
            label={t('historyDelete')}
            question={t('historyDeleteQuestion')}
            confirmLabel={t('historyDelete')}
            onConfirm={onDelete}
            t={t}
            testId="history-delete"
            quiet
          />
        </span>
      </div>
    </li>
  );
}
