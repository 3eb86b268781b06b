/** Small number helpers shared by the benches. */

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  // Even counts average the middle pair so two samples do not pick the slower one by accident.
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;

export const sleep = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms));

/** Polls `check` until it returns true or `timeoutMs` passes; returns whether it became true. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

/** Progress lines go to stderr so stdout stays one JSON object. */
export const progress = (msg: string): void => {
  process.stderr.write(`[bench] ${msg}\n`);
};
