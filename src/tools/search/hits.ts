import { cleanUrl, urlKey } from '../../security/normalize-url';
import { cleanText } from './clean-text';
import { MAX_HITS, type SearchHit } from './types';

const TITLE_MAX = 200;
const SNIPPET_MAX = 500;

export interface RawHit {
  title: string | null | undefined;
  url: string | null | undefined;
  snippet?: string | null | undefined;
  date?: string | null | undefined;
}

/**
 * Turns provider results into what the model sees: plain-text fields, only http(s) links with tracking
 * parameters and fragments removed, duplicates (by normalised URL) dropped, at most ten.
 */
export function finalizeHits(raw: readonly RawHit[]): SearchHit[] {
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const item of raw) {
    if (hits.length >= MAX_HITS) break;
    const url = item.url ? cleanUrl(item.url) : undefined;
    const key = url ? urlKey(url) : undefined;
    if (!url || !key || seen.has(key)) continue;
    seen.add(key);
    const hit: SearchHit = {
      title: cleanText(item.title ?? '', TITLE_MAX) || url.hostname,
      url: url.href,
      snippet: cleanText(item.snippet ?? '', SNIPPET_MAX),
    };
    const date = item.date ? cleanText(item.date, 40) : '';
    if (date) hit.date = date;
    hits.push(hit);
  }
  return hits;
}
