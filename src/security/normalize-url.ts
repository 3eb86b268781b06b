/**
 * The one URL normaliser: search de-duplication, provenance, the page cache, citations and export
 * dates all know a page by `urlKey`. Two links that only differ in tracking parameters, fragment,
 * host case, parameter order or a trailing slash point at the same page.
 */

const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
  'rb_clickid',
  's_cid',
  'srsltid',
]);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/**
 * Parses a web URL and removes the fragment and tracking parameters. Returns undefined for anything
 * that is not an http(s) URL, so callers never pass `javascript:` or `data:` links on.
 */
export function cleanUrl(raw: string | URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(typeof raw === 'string' ? raw.trim() : raw.href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  url.hash = '';
  const drop = [...url.searchParams.keys()].filter(isTrackingParam);
  for (const name of drop) url.searchParams.delete(name);
  // An emptied query string would otherwise leave a bare '?'.
  if (url.searchParams.size === 0) url.search = '';
  return url;
}

/** A comparison key: cleaned URL, host without trailing dot, sorted query, no trailing slash. */
export function urlKey(raw: string | URL): string | undefined {
  const url = cleanUrl(raw);
  if (!url) return undefined;
  url.searchParams.sort();
  const host = url.host.replace(/\.(?=$|:)/, '');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${url.protocol}//${host}${path}${url.search}`;
}

/** The key a page is known by: its `urlKey`, or the trimmed text when it is not a web URL. */
export function pageKey(raw: string): string {
  return urlKey(raw) ?? raw.trim();
}
