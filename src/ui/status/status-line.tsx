import { formatBytes } from '../../llm/progress-stats';
import type { UiServices } from '../shared/services';
import type { Reach, SystemStatus } from './use-system-status';

const mark = (r: Reach) => (r === 'ok' ? '●' : r === 'down' ? '✕' : '…');

/** The panel owns the status (its notices read it too), so it is passed in rather than fetched here. */
export function StatusLine({ status: s, t }: { status: SystemStatus; t: UiServices['t'] }) {
  const engine = s.engine
    ? s.engine.state === 'ready'
      ? t('statusEngineReady', s.engine.modelId ?? '')
      : s.engine.state === 'loading'
        ? t('statusEngineLoading', String(Math.round((s.engine.progress?.fraction ?? 0) * 100)))
        : s.engine.state === 'error'
          ? t('statusEngineError')
          : t('statusEngineNotLoaded')
    : '…';
  return (
    <div class="status-line" role="status" aria-live="polite" data-testid="status-line">
      <span data-testid="status-worker" data-state={s.worker} title={t('statusWorkerTitle')}>
        {mark(s.worker)} {t('statusWorker')}
      </span>
      <span data-testid="status-offscreen" data-state={s.offscreen} title={t('statusOffscreenTitle')}>
        {mark(s.offscreen)} {t('statusOffscreen')}
      </span>
      <span data-testid="status-engine" data-state={s.engine?.state ?? 'unknown'}>
        {t('statusEngine')}: {engine}
      </span>
      <span data-testid="status-storage">
        {t('statusStorage')}:{' '}
        {s.storage
          ? `${formatBytes(s.storage.usage)} / ${formatBytes(s.storage.quota)}${s.storage.persisted ? ` · ${t('statusPersisted')}` : ''}`
          : 'IndexedDB'}
      </span>
    </div>
  );
}
