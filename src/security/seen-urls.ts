/**
 * Provenance that cannot be padded. A `visit` URL must be one Sleuth has seen — in search results,
 * among the links of pages read, or in the user's own input — after a normalisation that removes
 * nothing an attacker can fill: query parameters (tracking ones too), fragments, user-info and host
 * variants (`www.`) all count. When the model pads a seen URL (adds `?utm_source=…`, a fragment, a
 * `www.`, a trailing slash), the seen URL is opened instead, without what the model added.
 *
 * The only differences forgiven are ones that carry no data: host case, a trailing dot on the host,
 * the default port, an empty path, percent-encoding of characters that need none, and http becoming
 * https (the seen address is opened, so the upgrade itself never leaves).
 */

export type SeenSource = 'search' | 'page' | 'user';

export type VisitResolution =
  | { ok: true; url: string; source: SeenSource; dropped?: string }
  | { ok: false; reason: string };

export const UNSEEN_REASON =
  'Refused: the model asked to visit a URL that did not appear in any search result, page read or your own input; Sleuth only opens links it has seen.';

const UNRESERVED = /%(2[DdEe]|3[0-9]|4[1-9A-Fa-f]|5[0-9Aa]|5[Ff]|6[1-9A-Fa-f]|7[0-9Aa]|7[Ee])/g;

/** The URL `raw` names, when it parses and is http(s). */
function httpUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
}

/** The exact form two URLs are compared in; undefined for anything but http(s). */
export function exactUrlKey(raw: string): string | undefined {
  const url = httpUrl(raw);
  if (!url) return undefined;
  const host = url.hostname.replace(/\.$/, '');
  const port = url.port ? `:${url.port}` : '';
  const auth = url.username || url.password ? `${url.username}:${url.password}@` : '';
  const decode = (s: string) =>
    s.replace(UNRESERVED, (e) => String.fromCharCode(Number.parseInt(e.slice(1), 16)));
  // `new URL` already lower-cases the host, drops default ports and turns '' into '/'.
  return `${url.protocol}//${auth}${host}${port}${decode(url.pathname)}${decode(url.search)}${url.hash}`;
}

/** Same page, ignoring what padding can change: scheme, user-info, www., trailing slash, query, fragment. */
function samePageKey(raw: string): string | undefined {
  const url = httpUrl(raw);
  if (!url) return undefined;
  const host = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return `${host}${url.port ? `:${url.port}` : ''}${path}`;
}

const params = (raw: string): [string, string][] => {
  try {
    return [...new URL(raw).searchParams];
  } catch {
    return [];
  }
};

const RANK: Readonly<Record<SeenSource, number>> = { user: 0, search: 1, page: 2 };

export class SeenUrls {
  private readonly exact = new Map<string, { url: string; source: SeenSource }>();
  private readonly byPage = new Map<string, string[]>();

  get size(): number {
    return this.exact.size;
  }

  add(url: string, source: SeenSource): boolean {
    const key = exactUrlKey(url);
    const page = samePageKey(url);
    if (key === undefined || page === undefined) return false;
    const before = this.exact.get(key);
    if (!before || RANK[source] < RANK[before.source]) this.exact.set(key, { url: url.trim(), source });
    if (!before) this.byPage.set(page, [...(this.byPage.get(page) ?? []), key]);
    return true;
  }

  addAll(urls: Iterable<string>, source: SeenSource): void {
    for (const u of urls) this.add(u, source);
  }

  /** The URL to open for what the model asked: the seen one, never anything the model added to it. */
  resolve(requested: string): VisitResolution {
    const trimmed = requested.trim();
    // Models often drop the scheme ("example.com/page").
    const candidates = /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
      ? [trimmed]
      : [`https://${trimmed}`, `http://${trimmed}`];
    for (const c of candidates) {
      const key = exactUrlKey(c);
      const hit = key ? this.exact.get(key) : undefined;
      if (hit) return { ok: true, url: hit.url, source: hit.source };
      const upgraded = key?.startsWith('https:') ? this.exact.get(`http:${key.slice(6)}`) : undefined;
      if (upgraded) return { ok: true, url: upgraded.url, source: upgraded.source };
    }
    for (const c of candidates) {
      const base = this.closestSeen(c);
      if (base) return { ...base, dropped: describeDropped(c, base.url) };
    }
    return { ok: false, reason: UNSEEN_REASON };
  }

  /** A seen URL of the same page whose parameters the request keeps (it may only have added some). */
  private closestSeen(requested: string): { ok: true; url: string; source: SeenSource } | undefined {
    const page = samePageKey(requested);
    if (page === undefined) return undefined;
    const asked = params(requested);
    let best: { url: string; source: SeenSource; score: number } | undefined;
    for (const key of this.byPage.get(page) ?? []) {
      const seen = this.exact.get(key);
      if (!seen) continue;
      const own = params(seen.url);
      const kept = own.every(([k, v]) => asked.some(([k2, v2]) => k2 === k && v2 === v));
      if (!kept) continue;
      if (!best || own.length > best.score) best = { ...seen, score: own.length };
    }
    return best ? { ok: true, url: best.url, source: best.source } : undefined;
  }

  entries(): { url: string; source: SeenSource }[] {
    return [...this.exact.values()];
  }
}

function describeDropped(requested: string, opened: string): string {
  return `The model's address ${requested} differs from the seen ${opened}; Sleuth opened the seen address without what was added.`;
}
