import { useRef } from 'preact/hooks';
import type { EngineStatus } from '../../llm/host/engine-status';
import { formatBytes, type ProgressSample, progressStats } from '../../llm/progress-stats';
import type { Translate } from '../shared/translate';

/** Download progress with size and speed; speed comes from the samples seen while mounted. */
export function ModelProgress({ status, t }: { status: EngineStatus; t: Translate }) {
  const samples = useRef<ProgressSample[]>([]);
  const p = status.progress;
  const fraction = Math.min(1, Math.max(0, p?.fraction ?? 0));
  const loaded = p?.loadedBytes;
  const total = p?.totalBytes;
  if (loaded !== undefined) {
    const last = samples.current.at(-1);
    if (!last || last.loadedBytes !== loaded)
      samples.current = [...samples.current.slice(-30), { at: Date.now(), loadedBytes: loaded }];
  }
  const { bytesPerSecond, secondsLeft } = progressStats(samples.current, total);
  const parts = [
    loaded !== undefined && total
      ? t('progressBytes', [formatBytes(loaded), formatBytes(total)])
      : `${Math.round(fraction * 100)}%`,
    bytesPerSecond > 0 ? t('progressSpeed', formatBytes(bytesPerSecond)) : null,
    secondsLeft !== null && secondsLeft > 0 ? t('progressLeft', String(Math.ceil(secondsLeft))) : null,
  ].filter(Boolean);
  return (
    <div class="model-progress">
      <label for="model-progress">
        {t('progressLoading', status.modelId ?? '')} {parts.join(' · ')}
      </label>
      <progress id="model-progress" data-testid="model-progress" max={1} value={fraction} />
      {/* The engine's own line repeats bytes and speed; it only adds something when bytes are unknown. */}
      {p?.text && loaded === undefined ? <p class="muted small">{p.text}</p> : null}
    </div>
  );
}
