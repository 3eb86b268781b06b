import type { ProviderId } from '../../settings/provider-ids';
import type { Settings } from '../../settings/schema';
import { toJson } from '../../store/json';
import type { SearchCacheRepo } from '../../store/search-cache-repo';
import type { CachedEntry, SearchCache } from '../search/cache';
import { secretKeyFor } from '../search/catalog';
import { createSearchChain, type SearchChain } from '../search/chain';
import { createProvider } from '../search/create-provider';
import type { ProviderDeps, SearchHit } from '../search/types';

/** Adapts the IndexedDB cache records to the search chain's cache interface. */
export function storeSearchCache(repo: Pick<SearchCacheRepo, 'get' | 'put'>): SearchCache {
  return {
    async get(key) {
      const r = await repo.get(key);
      if (!r || !Array.isArray(r.hits)) return undefined;
      return {
        hits: r.hits as unknown as SearchHit[],
        provider: r.provider as ProviderId,
        storedAt: r.createdAt,
        expiresAt: r.expiresAt,
      } satisfies CachedEntry;
    },
    async put(key, e) {
      await repo.put(key, {
        hits: toJson(e.hits),
        provider: e.provider,
        createdAt: e.storedAt,
        expiresAt: e.expiresAt,
      });
    },
  };
}

/** The failover chain in the user's order, enabled providers only, keys read from the secrets store. */
export async function buildSearchChain(
  settings: Settings,
  deps: ProviderDeps & {
    secret(key: string): Promise<string | undefined>;
    cache?: SearchCache;
    clock: () => number;
    timeoutMs?: number;
  },
): Promise<SearchChain> {
  const enabled = settings.searchProviders.filter((p) => p.enabled);
  const providers = await Promise.all(
    enabled.map(async (p) => {
      const apiKey = await deps.secret(secretKeyFor(p.id));
      return createProvider(
        p.id,
        {
          ...(apiKey ? { apiKey } : {}),
          ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}),
          ...(p.engineId ? { engineId: p.engineId } : {}),
        },
        { fetch: deps.fetch, parseHtml: deps.parseHtml },
      );
    }),
  );
  if (providers.length === 0) {
    throw new Error('No search provider is enabled. Turn one on in Options → Search.');
  }
  return createSearchChain(providers, {
    clock: { now: deps.clock },
    ...(deps.cache ? { cache: deps.cache } : {}),
    timeoutMs: deps.timeoutMs ?? 15_000,
  });
}
