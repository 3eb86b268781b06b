import type { LoadProgress } from '../engine';
import type { InitProgressReport } from './types';

/**
 * web-llm reports load progress as a fraction plus text such as
 * "Fetching param cache[3/40]: 120MB fetched. 30% completed, 12 secs elapsed. …"
 * (see `initProgressCallback` in node_modules/@mlc-ai/web-llm/lib/index.js). Bytes come from
 * that text when present; the total is inferred from bytes ÷ fraction, or the catalog's estimate.
 */
export function parseWebLlmProgress(report: InitProgressReport, approxTotalBytes?: number): LoadProgress {
  const fraction = Math.max(0, Math.min(1, Number.isFinite(report.progress) ? report.progress : 0));
  const mb = /([\d.]+)\s*MB (?:fetched|loaded)/i.exec(report.text);
  const loadedBytes = mb?.[1] ? Math.round(Number(mb[1]) * 1024 * 1024) : undefined;
  let totalBytes: number | undefined;
  if (loadedBytes !== undefined && fraction > 0.05) totalBytes = Math.round(loadedBytes / fraction);
  else if (approxTotalBytes) totalBytes = approxTotalBytes;
  return {
    fraction,
    ...(loadedBytes === undefined ? {} : { loadedBytes }),
    ...(totalBytes === undefined ? {} : { totalBytes }),
    text: report.text,
  };
}
