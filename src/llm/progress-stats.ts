import type { LoadProgress } from './engine';

/** A download measurement: bytes loaded so far at time `at` (ms). */
export interface ProgressSample {
  at: number;
  loadedBytes: number;
}

export interface ProgressStats {
  bytesPerSecond: number;
  /** null while the speed is unknown (fewer than two samples, or no progress yet). */
  secondsLeft: number | null;
}

/**
 * Speed over a sliding window of recent samples (a whole-download average hides stalls and
 * cache hits; a two-sample rate jumps around), and the ETA that speed implies.
 */
export function progressStats(
  samples: readonly ProgressSample[],
  totalBytes?: number,
  windowMs = 5000,
): ProgressStats {
  const last = samples.at(-1);
  if (!last) return { bytesPerSecond: 0, secondsLeft: null };
  const first = samples.find((s) => s.at >= last.at - windowMs) ?? last;
  const start = first === last ? samples.at(-2) : first;
  if (!start || last.at <= start.at) return { bytesPerSecond: 0, secondsLeft: null };
  const bytesPerSecond = Math.max(0, ((last.loadedBytes - start.loadedBytes) * 1000) / (last.at - start.at));
  if (totalBytes === undefined || bytesPerSecond === 0) {
    return {
      bytesPerSecond,
      secondsLeft: totalBytes !== undefined && last.loadedBytes >= totalBytes ? 0 : null,
    };
  }
  return { bytesPerSecond, secondsLeft: Math.max(0, (totalBytes - last.loadedBytes) / bytesPerSecond) };
}

/** Keeps recent samples and turns raw byte counts into LoadProgress with speed and ETA text. */
export class ProgressTracker {
  private samples: ProgressSample[] = [];

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 5000,
  ) {}

  update(loadedBytes: number, totalBytes: number | undefined, label = 'Downloading model'): LoadProgress {
    const at = this.now();
    this.samples.push({ at, loadedBytes });
    this.samples = this.samples.filter((s) => s.at >= at - this.windowMs * 2);
    const { bytesPerSecond, secondsLeft } = progressStats(this.samples, totalBytes, this.windowMs);
    const fraction = totalBytes && totalBytes > 0 ? Math.min(1, loadedBytes / totalBytes) : 0;
    const parts = [
      `${label}: ${formatBytes(loadedBytes)}${totalBytes ? ` of ${formatBytes(totalBytes)}` : ''}`,
    ];
    if (bytesPerSecond > 0) parts.push(`${formatBytes(bytesPerSecond)}/s`);
    if (secondsLeft !== null && secondsLeft > 0) parts.push(`about ${formatDuration(secondsLeft)} left`);
    return {
      fraction,
      loadedBytes,
      ...(totalBytes ? { totalBytes } : {}),
      text: parts.join(', '),
    };
  }
}

/** Binary units (what operating systems show for file sizes), one decimal below 10. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '?';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let x = n;
  while (x >= 1024 && i < units.length - 1) {
    x /= 1024;
    i += 1;
  }
  return `${x >= 10 || i === 0 ? Math.round(x) : x.toFixed(1)} ${units[i]}`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
