/**
 * Reads DuckDuckGo's HTML results page (html.duckduckgo.com/html/). Works on any DOM `Document`: the
 * offscreen document's DOMParser in the extension, jsdom in tests.
 */

import type { RawHit } from './hits';

export type DuckDuckGoPage =
  | { kind: 'blocked' }
  | { kind: 'results'; hits: RawHit[] }
  | { kind: 'unrecognised' };

// The bot check is a modal/form whose class names and ids carry these words.
const BLOCK_SELECTOR = [
  '[class*="anomaly"]',
  '[id*="anomaly"]',
  '[class*="challenge"]',
  '[id*="challenge"]',
  'form[action*="anomaly"]',
].join(', ');

// Only consulted when a page has no results: a snippet may legitimately quote these words.
const BLOCK_TEXT = /bots use DuckDuckGo too|confirm this search was made by a human/i;

export function parseDuckDuckGoPage(doc: Document): DuckDuckGoPage {
  if (doc.querySelector(BLOCK_SELECTOR)) return { kind: 'blocked' };
  const blocks = [...doc.querySelectorAll('.result')];
  const hits: RawHit[] = [];
  for (const block of blocks) {
    if (block.classList.contains('result--ad') || block.classList.contains('result--no-result')) continue;
    const link = block.querySelector('a.result__a');
    const url = unwrapDuckDuckGoLink(link?.getAttribute('href') ?? '');
    if (!link || !url) continue;
    hits.push({
      title: link.textContent,
      url,
      snippet: block.querySelector('.result__snippet')?.textContent ?? '',
      date: findDate(block.querySelector('.result__extras__url')?.textContent ?? ''),
    });
  }
  if (hits.length > 0) return { kind: 'results', hits };
  if (BLOCK_TEXT.test(doc.body?.textContent ?? '')) return { kind: 'blocked' };
  const saysNoResults = doc.querySelector('.no-results, .result--no-result') !== null;
  // Result blocks that held only ads also count as an ordinary (empty) page.
  return saysNoResults || blocks.length > 0 ? { kind: 'results', hits: [] } : { kind: 'unrecognised' };
}

/**
 * Result links are redirects: `//duckduckgo.com/l/?uddg=<encoded target>&rut=…`. Ads (`/y.js`) and other
 * DuckDuckGo-internal links yield undefined.
 */
export function unwrapDuckDuckGoLink(href: string): string | undefined {
  if (href.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(href, 'https://duckduckgo.com/');
  } catch {
    return undefined;
  }
  const host = url.hostname;
  if (host === 'duckduckgo.com' || host.endsWith('.duckduckgo.com')) {
    return url.pathname === '/l/' ? (url.searchParams.get('uddg') ?? undefined) : undefined;
  }
  return url.href;
}

function findDate(text: string): string | undefined {
  return /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/.exec(text)?.[0];
}
