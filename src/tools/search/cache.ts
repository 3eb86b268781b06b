/**
 * Search result cache. The store implements `SearchCache` on IndexedDB; `createMemoryCache` serves tests
 * and contexts without a database. Keys do not depend on the provider, so a result from any provider
 * answers the same query later.
 */

import type { ProviderId } from '../../settings/provider-ids';
import type { SearchHit } from './types';

export interface CachedEntry {
  hits: SearchHit[];
  provider: ProviderId;
  storedAt: number;
  expiresAt: number;
}

export interface SearchCache {
  get(key: string): Promise<CachedEntry | undefined>;
  put(key: string, entry: CachedEntry): Promise<void>;
}

export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** Normalised query (Unicode NFKC, case-folded, whitespace collapsed) plus locale. */
export function cacheKey(query: string, locale: string | undefined): string {
  const q = normalizeQuery(query);
  return `${(locale ?? '').toLowerCase()}|${q}`;
}

function normalizeQuery(query: string): string {
  return query.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function createMemoryCache(): SearchCache & { readonly size: number } {
  const entries = new Map<string, CachedEntry>();
  return {
    get size() {
      return entries.size;
    },
    async get(key) {
      return entries.get(key);
    },
    async put(key, entry) {
      entries.set(key, entry);
    },
  };
}
