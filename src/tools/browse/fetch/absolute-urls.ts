/**
 * A fetched page parsed in an extension page (DOMParser in the offscreen document) takes that page's
 * address as its base: Readability rewrites relative links against it (chrome-extension://…), and
 * the markdown keeps only http(s) links, so they were lost. The page's own <base> does not help
 * there: the extension page's CSP (base-uri 'none') ignores it. Links and media addresses are made
 * absolute against the page's real base before extraction, as a tab would resolve them.
 */

const URL_ATTRIBUTES: readonly (readonly [selector: string, attribute: string])[] = [
  ['a[href]', 'href'],
  ['area[href]', 'href'],
  ['img[src]', 'src'],
  ['source[src]', 'src'],
  ['video[poster]', 'poster'],
  ['iframe[src]', 'src'],
];

const isHttp = (u: URL) => u.protocol === 'http:' || u.protocol === 'https:';

function resolve(value: string, base: string): string | null {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

/** The page's first <base href> resolved against its address when it is http(s); else the address. */
export function pageBaseUrl(doc: Document, pageUrl: string): string {
  const href = doc.querySelector('base[href]')?.getAttribute('href');
  if (!href) return pageUrl;
  try {
    const base = new URL(href.trim(), pageUrl);
    return isHttp(base) ? base.href : pageUrl;
  } catch {
    return pageUrl;
  }
}

/** Rewrites every link and media address in `doc` as an absolute URL (unparsable ones stay as they are). */
export function makeUrlsAbsolute(doc: Document, pageUrl: string): void {
  const base = pageBaseUrl(doc, pageUrl);
  for (const [selector, attribute] of URL_ATTRIBUTES) {
    for (const el of Array.from(doc.querySelectorAll(selector))) {
      const url = resolve(el.getAttribute(attribute) ?? '', base);
      if (url) el.setAttribute(attribute, url);
    }
  }
}
