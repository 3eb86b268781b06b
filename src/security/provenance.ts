/**
 * `visit` only opens URLs that Sleuth has actually seen: in search results, among the links of pages it
 * read, or in what the user typed. A URL the model invents could carry data out in its path or query
 * string (or point somewhere a prompt-injected page asked for), so it is refused with an explanation.
 *
 * Matching is forgiving about differences that cannot carry information: tracking parameters, fragment,
 * host case, trailing slash, http vs https, and a leading "www.".
 */

import { urlKey } from './normalize-url';

export type ProvenanceSource = 'search' | 'page' | 'user';

export type ProvenanceCheck = { ok: true; source: ProvenanceSource } | { ok: false; reason: string };

export interface ProvenanceEntry {
  key: string;
  source: ProvenanceSource;
}

export const UNSEEN_URL_REASON =
  'The model asked to visit a URL that did not appear in any search result or page read; ' +
  'Sleuth only opens links it has seen.';

// Sources in order of trust: a URL the user typed stays 'user' even if a search also returned it.
const RANK: Readonly<Record<ProvenanceSource, number>> = { user: 0, search: 1, page: 2 };

export class ProvenanceSet {
  private readonly seen = new Map<string, ProvenanceSource>();

  constructor(entries: Iterable<ProvenanceEntry> = []) {
    for (const entry of entries) this.seen.set(entry.key, entry.source);
  }

  get size(): number {
    return this.seen.size;
  }

  /** Records one URL; returns false when it is not an http(s) URL and was ignored. */
  add(url: string, source: ProvenanceSource): boolean {
    const key = matchKey(url);
    if (key === undefined) return false;
    const previous = this.seen.get(key);
    if (previous === undefined || RANK[source] < RANK[previous]) this.seen.set(key, source);
    return true;
  }

  addAll(urls: Iterable<string>, source: ProvenanceSource): void {
    for (const url of urls) this.add(url, source);
  }

  /** Records every link written in free text (the user's question or pasted notes). */
  addFromText(text: string, source: ProvenanceSource = 'user'): void {
    this.addAll(extractUrls(text), source);
  }

  check(url: string): ProvenanceCheck {
    for (const candidate of candidates(url)) {
      const key = matchKey(candidate);
      const source = key === undefined ? undefined : this.seen.get(key);
      if (source !== undefined) return { ok: true, source };
    }
    return { ok: false, reason: UNSEEN_URL_REASON };
  }

  has(url: string): boolean {
    return this.check(url).ok;
  }

  /** For saving with the session so a resumed run keeps what it had seen. */
  entries(): ProvenanceEntry[] {
    return [...this.seen].map(([key, source]) => ({ key, source }));
  }
}

/** Scheme-less and www-less form of urlKey. */
function matchKey(url: string): string | undefined {
  const key = urlKey(url);
  if (key === undefined) return undefined;
  return key.replace(/^https?:\/\//, '').replace(/^www\./, '');
}

// Models often drop the scheme ("example.com/page").
function candidates(url: string): string[] {
  const trimmed = url.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? [trimmed] : [trimmed, `https://${trimmed}`];
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const BARE_DOMAIN_IN_TEXT = /(?<![\w@./-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s<>"'`]*)?/gi;

export function extractUrls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) found.push(trimTrailingPunctuation(match[0]));
  const withoutUrls = text.replace(URL_IN_TEXT, ' ');
  for (const match of withoutUrls.matchAll(BARE_DOMAIN_IN_TEXT)) {
    found.push(`https://${trimTrailingPunctuation(match[0])}`);
  }
  return found;
}

function trimTrailingPunctuation(url: string): string {
  let out = url.replace(/[.,;:!?]+$/, '');
  // Drop a closing bracket that belongs to the surrounding prose, not the URL.
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (out.endsWith(close) && count(out, open) < count(out, close)) out = out.slice(0, -1);
  }
  return out.replace(/[.,;:!?]+$/, '');
}

const count = (s: string, ch: string): number => s.split(ch).length - 1;
