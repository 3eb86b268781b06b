/**
 * Shared shapes for web search. Providers depend only on an injected `fetch` (and, for DuckDuckGo, an
 * HTML parser), so the same code runs in the offscreen document and in Node tests.
 */

import type { SearchHit } from '../../agent/step-result';
import type { ProviderId } from '../../settings/provider-ids';

// The one search hit type: the agent's step results keep hits exactly as the providers return them.
export type { SearchHit };

export interface SearchOptions {
  signal?: AbortSignal;
  /** BCP 47 tag such as `en-US`; CJK queries override it with a matching CJK locale. */
  locale?: string;
}

export interface SearchProvider {
  id: ProviderId;
  label: string;
  needsKey: boolean;
  search(query: string, opts: SearchOptions): Promise<SearchHit[]>;
}

export interface ProviderConfig {
  apiKey?: string;
  /** SearXNG instance URL; for the other API providers an optional proxy or self-hosted endpoint. */
  baseUrl?: string;
  /** Google Programmable Search engine id (`cx`). */
  engineId?: string;
}

/**
 * The global `fetch` fits this type. In the extension pass `(url, init) => fetch(url, init)` (or a
 * bound fetch): calling an unbound `fetch` stored on an object throws "Illegal invocation" in Chrome.
 */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

export type ParseHtml = (html: string) => Document;

export interface ProviderDeps {
  fetch: FetchFn;
  parseHtml: ParseHtml;
}

/** At most this many hits per query reach the model. */
export const MAX_HITS = 10;
