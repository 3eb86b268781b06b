/** Collects the outgoing links of a piece of content: absolute http(s), de-duplicated, capped. */
import { absoluteHttpUrl } from './markdown';
import type { PageLink } from './types';

export function collectLinks(root: Element, baseUrl: string, max: number): PageLink[] {
  const seen = new Set<string>();
  const out: PageLink[] = [];
  let page = '';
  try {
    const u = new URL(baseUrl);
    u.hash = '';
    page = u.href;
  } catch {
    // An unparsable page URL only means we cannot drop self-links.
  }
  for (const a of Array.from(root.querySelectorAll('a[href]'))) {
    if (out.length >= max) break;
    // Navigation is dropped from the markdown, so its links would point at text the model never saw.
    if (a.closest('nav, [role="navigation"]')) continue;
    const resolved = absoluteHttpUrl(a.getAttribute('href'), baseUrl);
    if (!resolved) continue;
    const url = new URL(resolved);
    url.hash = '';
    if (url.href === page || seen.has(url.href)) continue;
    seen.add(url.href);
    out.push({ url: url.href, text: (a.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) });
  }
  return out;
}
