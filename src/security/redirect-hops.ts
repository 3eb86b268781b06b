/**
 * The one way the extension's own fetches (search providers, model hub, downloads, model servers, the
 * evidence extractor) meet redirects: every request goes out with `redirect: 'manual'`, and each hop
 * is judged before it is sent, at most MAX_HOPS of them.
 *
 * In an extension page or service worker a manual redirect comes back as an opaque-redirect response
 * (type 'opaqueredirect', status 0, no Location header: the Fetch standard filters it, Chrome and
 * Firefox alike — https://fetch.spec.whatwg.org/#concept-filtered-response-opaque-redirect), so the
 * target cannot be read, and a hop that cannot be read cannot be judged: it is refused with a code
 * the UI words as "the server redirected" rather than followed blind. Only origins the caller names
 * in `followHiddenFrom` (the default model hub, whose file URLs always redirect to its CDN) have such
 * a hop followed, and then the final address is judged before any byte of the body is used.
 * Where the Location can be read (Node, a future browser), each target passes the URL policy; a
 * target on the origin the user named is allowed (a model server on the user's own network may
 * redirect within itself), any other private or local address is not.
 */
import { checkUrl, DEFAULT_URL_POLICY, type UrlPolicy } from './url-policy';

export const MAX_HOPS = 5;

export type RedirectRefusal =
  /** The server redirected and the browser hid where to (opaque redirect). */
  | { code: 'redirect-hidden'; from: string }
  /** The target failed the URL policy. */
  | { code: 'redirect-refused'; from: string; to: string; reason: string }
  | { code: 'too-many-redirects'; from: string; hops: number };

export class RedirectRefused extends Error {
  override readonly name = 'RedirectRefused';
  constructor(readonly refusal: RedirectRefusal) {
    super(refusal.code);
  }
}

export interface HopOptions {
  policy: UrlPolicy;
  maxHops?: number;
  /** Origins whose hidden redirects are followed blind; the final URL is still judged. */
  followHiddenFrom?: readonly string[];
}

/**
 * The policy for hops away from a server the user configured: the default URL policy (public https
 * only), with plain http only when the user named an http server (a local SearXNG, a model server).
 */
export function hopPolicyFor(url: string): UrlPolicy {
  return { ...DEFAULT_URL_POLICY, allowHttp: new URL(url).protocol === 'http:' };
}

type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

const KEPT_ACROSS_ORIGINS = new Set(['accept', 'content-type', 'range']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Whether `to` may be fetched after a redirect from a request the user's settings named `named`. */
export function judgeHop(
  named: URL,
  to: string,
  policy: UrlPolicy,
): { ok: true } | { ok: false; reason: string } {
  let target: URL;
  try {
    target = new URL(to);
  } catch {
    return { ok: false, reason: 'not a valid web address' };
  }
  // The origin the user configured is trusted by design (README: servers on your own network).
  if (target.origin === named.origin) return { ok: true };
  const checked = checkUrl(target.href, policy);
  return checked.ok ? { ok: true } : { ok: false, reason: checked.reason };
}

function nextInit(init: RequestInit, status: number, crossOrigin: boolean): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const toGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
  const next: RequestInit = { ...init };
  if (toGet) {
    next.method = 'GET';
    delete next.body;
  }
  if (crossOrigin && init.headers) {
    // An API key (authorization, x-api-key, x-subscription-token, …) never follows to another host.
    const kept = new Headers();
    new Headers(init.headers).forEach((value, name) => {
      if (KEPT_ACROSS_ORIGINS.has(name)) kept.set(name, value);
    });
    next.headers = kept;
  }
  return next;
}

/** fetch with every redirect hop judged; throws RedirectRefused for a hop it will not take. */
export async function fetchHops(
  fetchFn: FetchFn,
  url: string,
  init: RequestInit,
  opts: HopOptions,
): Promise<Response> {
  const named = new URL(url);
  const maxHops = opts.maxHops ?? MAX_HOPS;
  let current = url;
  let currentInit = init;
  for (let hop = 0; ; hop++) {
    const res = await fetchFn(current, { ...currentInit, redirect: 'manual' });
    if (res.type === 'opaqueredirect') return followHidden(fetchFn, current, currentInit, named, opts);
    const location = res.headers.get('location');
    if (!REDIRECT_STATUSES.has(res.status) || location === null) return res;
    await res.body?.cancel().catch(() => undefined);
    if (hop >= maxHops)
      throw new RedirectRefused({ code: 'too-many-redirects', from: current, hops: hop + 1 });
    const to = new URL(location, current).href;
    const judged = judgeHop(named, to, opts.policy);
    if (!judged.ok)
      throw new RedirectRefused({ code: 'redirect-refused', from: current, to, reason: judged.reason });
    currentInit = nextInit(currentInit, res.status, new URL(to).origin !== new URL(current).origin);
    current = to;
  }
}

async function followHidden(
  fetchFn: FetchFn,
  from: string,
  init: RequestInit,
  named: URL,
  opts: HopOptions,
): Promise<Response> {
  if (!opts.followHiddenFrom?.includes(new URL(from).origin)) {
    throw new RedirectRefused({ code: 'redirect-hidden', from });
  }
  const res = await fetchFn(from, { ...init, redirect: 'follow' });
  const judged = judgeHop(named, res.url || from, opts.policy);
  if (!judged.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new RedirectRefused({ code: 'redirect-refused', from, to: res.url, reason: judged.reason });
  }
  return res;
}

export function isRedirectRefused(err: unknown): err is RedirectRefused {
  return err instanceof RedirectRefused;
}
