import { useRef } from 'preact/hooks';
import type { EngineStatus } from '../../llm/host/engine-status';
import { formatBytes, type ProgressSample, progressStats } from '../../llm/progress-stats';
import type { Translate } from '../shared/translate';

/**
 * How far the download is: bytes of the total; the bytes alone when the server gave no size (a
 * percentage would sit at 0% the whole time); a percentage only from an engine that reports
 * nothing else; "starting…" before anything is known.
 */
function amount(fraction: number, loaded: number | undefined, total: number | undefined, t: Translate) {
  if (loaded !== undefined && total) return t('progressBytes', [formatBytes(loaded), formatBytes(total)]);
  if (loaded !== undefined && loaded > 0) return t('progressDownloaded', formatBytes(loaded));
  if (fraction > 0) return `${Math.round(fraction * 100)}%`;
  return t('progressStarting');
}

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
    amount(fraction, loaded, total, t),
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
