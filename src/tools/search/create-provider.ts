import type { ProviderId } from '../../settings/provider-ids';
import { createBraveProvider } from './providers/brave';
import { createDuckDuckGoProvider } from './providers/duckduckgo';
import { createGoogleProvider } from './providers/google';
import { createJinaProvider } from './providers/jina';
import { createSearxngProvider } from './providers/searxng';
import { createSerperProvider } from './providers/serper';
import { createTavilyProvider } from './providers/tavily';
import { createWikipediaProvider } from './providers/wikipedia';
import type { ProviderConfig, ProviderDeps, SearchProvider } from './types';

/** Builds a provider from its id and saved settings (the options page stores `{id, config}` pairs). */
export function createProvider(id: ProviderId, config: ProviderConfig, deps: ProviderDeps): SearchProvider {
  switch (id) {
    case 'duckduckgo':
      return createDuckDuckGoProvider(config, deps);
    case 'searxng':
      return createSearxngProvider(config, deps);
    case 'brave':
      return createBraveProvider(config, deps);
    case 'tavily':
      return createTavilyProvider(config, deps);
    case 'serper':
      return createSerperProvider(config, deps);
    case 'google':
      return createGoogleProvider(config, deps);
    case 'jina':
      return createJinaProvider(config, deps);
    case 'wikipedia':
      return createWikipediaProvider(config, deps);
  }
}
