import type { EngineStatus } from '../../llm/host/engine-status';
import { formatBytes } from '../../llm/progress-stats';
import { errorWords } from '../errors/error-words';
import type { Translate } from '../shared/translate';
import type { Reach, SystemStatus } from './use-system-status';

const mark = (r: Reach) => (r === 'ok' ? '●' : r === 'down' ? '✕' : '…');

function engineText(s: SystemStatus, t: Translate): string {
  const e = s.engine;
  if (!e) return '…';
  if (e.state === 'ready' && e.server?.ok === false) return t('statusServerDown', e.modelId ?? '');
  if (e.state === 'ready') return t('statusEngineReady', e.modelId ?? '');
  if (e.state === 'loading') {
    const p = e.progress;
    // No size from the server: the bytes so far, not a percentage stuck at 0.
    if (p?.loadedBytes && !p.totalBytes) return t('statusEngineLoadingBytes', formatBytes(p.loadedBytes));
    return t('statusEngineLoading', String(Math.round((p?.fraction ?? 0) * 100)));
  }
  if (e.state === 'error') return t('statusEngineError');
  return t('statusEngineNotLoaded');
}

/** Why the model server does not answer, worded from its code; a status from before codes, its text. */
function ServerProblem({ server, t }: { server: NonNullable<EngineStatus['server']>; t: Translate }) {
  const text = server.info ? errorWords(server.info, t).reason : server.message;
  return text ? <span class="status-detail">{text}</span> : null;
}

/** The details behind the health dot: each part of Sleuth and whether it answers. */
export function StatusLine({ status: s, t }: { status: SystemStatus; t: Translate }) {
  const engineState = s.engine?.server?.ok === false ? 'down' : (s.engine?.state ?? 'unknown');
  return (
    // The live region wraps the list: role=status on the <ul> itself would take away its list role.
    <div role="status" aria-live="polite" data-testid="status-line">
      <ul class="status-line">
        <li data-testid="status-worker" data-state={s.worker} title={t('statusWorkerTitle')}>
          {mark(s.worker)} {t('statusWorker')}
        </li>
        <li data-testid="status-offscreen" data-state={s.offscreen} title={t('statusOffscreenTitle')}>
          {mark(s.offscreen)} {t('statusOffscreen')}
        </li>
        <li data-testid="status-engine" data-state={engineState}>
          {t('statusEngine')}: {engineText(s, t)}
          {s.engine?.server?.ok === false ? <ServerProblem server={s.engine.server} t={t} /> : null}
        </li>
        <li data-testid="status-storage">
          {t('statusStorage')}:{' '}
          {s.storage
            ? `${formatBytes(s.storage.usage)} / ${formatBytes(s.storage.quota)}${s.storage.persisted ? ` · ${t('statusPersisted')}` : ''}`
            : 'IndexedDB'}
        </li>
      </ul>
    </div>
  );
}
