import { runError } from '../errors/run-error';
import type { RoomHandlers } from '../messaging/handlers';
import type { Settings } from '../settings/schema';
import { providerInfo, secretKeyFor } from '../tools/search/catalog';
import { createProvider } from '../tools/search/create-provider';
import { failureInfo, isSearchError } from '../tools/search/errors';
import type { ProviderDeps } from '../tools/search/types';

export interface SearchTestDeps {
  loadSettings(): Promise<Settings>;
  secret(key: string): Promise<string | undefined>;
  providerDeps: ProviderDeps;
}

/** The options page's Test button: one query through one provider, built from the saved settings. */
export function createSearchTestHandlers(d: SearchTestDeps): RoomHandlers<'search'> {
  return {
    'search.test': async (req) => {
      const s = await d.loadSettings();
      const saved = s.searchProviders.find((p) => p.id === req.provider);
      const apiKey = await d.secret(secretKeyFor(req.provider));
      const provider = createProvider(
        req.provider,
        {
          ...(apiKey ? { apiKey } : {}),
          ...(saved?.baseUrl ? { baseUrl: saved.baseUrl } : {}),
          ...(saved?.engineId ? { engineId: saved.engineId } : {}),
        },
        d.providerDeps,
      );
      try {
        const hits = await provider.search('test', { signal: AbortSignal.timeout(15_000) });
        return {
          ok: true,
          message: `${hits.length} ${hits.length === 1 ? 'result' : 'results'}.`,
          count: hits.length,
        };
      } catch (e) {
        const label = providerInfo(req.provider).label;
        // The same data a failed search of a run carries, so the page words it the same way.
        const info = isSearchError(e)
          ? failureInfo(e, label)
          : runError('search-unexpected', { provider: label });
        return { ok: false, message: e instanceof Error ? e.message : String(e), info };
      }
    },
  };
}
