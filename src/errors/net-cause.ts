import * as v from 'valibot';

/**
 * Where a server the user set up lives. A SearXNG or Ollama on this machine that does not answer is
 * a server that is not running, not "the internet connection"; one on the local network may be off
 * or unreachable from here; only a public host can be a sign that this computer is offline.
 */
export const ReachSchema = v.picklist(['loopback', 'lan', 'public']);
export type Reach = v.InferOutput<typeof ReachSchema>;

/**
 * What a failed connection says about itself. A browser's fetch rejects with a bare "Failed to
 * fetch" for a refused connection, a name that did not resolve and a CORS refusal alike, so
 * 'unknown' is common; the wording then leans on the reach.
 */
export const NetCauseSchema = v.picklist(['refused', 'dns', 'timeout', 'cors', 'offline', 'unknown']);
export type NetCause = v.InferOutput<typeof NetCauseSchema>;

/** The cause a failed request's error text names (Node and Chromium codes, Firefox words). */
export function netCauseOf(err: unknown): NetCause {
  const text = describe(err);
  if (/TimeoutError|timed? ?out|ETIMEDOUT|ERR_TIMED_OUT/i.test(text)) return 'timeout';
  if (/ECONNREFUSED|ERR_CONNECTION_REFUSED|connection refused/i.test(text)) return 'refused';
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo|ERR_NAME_NOT_RESOLVED|\bdns\b/i.test(text)) return 'dns';
  if (/\bCORS\b|Access-Control-Allow-Origin/i.test(text)) return 'cors';
  if (/ERR_INTERNET_DISCONNECTED/i.test(text)) return 'offline';
  return 'unknown';
}

/** The error's name, message and causes, one after another (Node puts the code in `cause`). */
function describe(err: unknown, depth = 0): string {
  if (depth > 3 || err === undefined || err === null) return '';
  if (typeof err !== 'object') return String(err);
  const e = err as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
  const own = [e.name, e.code, e.message].filter((x) => typeof x === 'string').join(' ');
  return `${own} ${describe(e.cause, depth + 1)}`;
}
