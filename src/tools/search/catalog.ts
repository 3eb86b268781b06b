/**
 * What the options page needs to render search settings and ask for host permissions. Pure data.
 */

import type { ProviderId } from '../../settings/provider-ids';
import type { ProviderConfig } from './types';

/** Where a provider's API key is kept in the secrets store. */
export const secretKeyFor = (id: ProviderId) => `search:${id}`;

export interface ProviderInfo {
  id: ProviderId;
  label: string;
  needsKey: boolean;
  needsBaseUrl: boolean;
  needsEngineId: boolean;
  /** Host permission match patterns for the default endpoint; SearXNG's come from its base URL. */
  origins: string[];
  docsUrl: string;
  /** Whether the provider is told the query's locale (CJK queries → Chinese/Japanese/Korean results). */
  localeAware: boolean;
  note: string;
}

export const PROVIDERS: readonly ProviderInfo[] = [
  {
    id: 'duckduckgo',
    label: 'DuckDuckGo',
    needsKey: false,
    needsBaseUrl: false,
    needsEngineId: false,
    origins: ['https://html.duckduckgo.com/*'],
    docsUrl: 'https://duckduckgo.com/duckduckgo-help-pages/',
    localeAware: true,
    note: 'No key needed. Reads the plain HTML results page; may ask for a captcha after many searches.',
  },
  {
    id: 'searxng',
    label: 'SearXNG',
    needsKey: false,
    needsBaseUrl: true,
    needsEngineId: false,
    origins: [],
    docsUrl: 'https://docs.searxng.org/dev/search_api.html',
    localeAware: true,
    note: 'Your own or a trusted instance. JSON output must be enabled in its settings (search → formats).',
  },
  {
    id: 'brave',
    label: 'Brave Search',
    needsKey: true,
    needsBaseUrl: false,
    needsEngineId: false,
    origins: ['https://api.search.brave.com/*'],
    docsUrl: 'https://api-dashboard.search.brave.com/app/documentation/web-search/get-started',
    localeAware: true,
    note: 'Brave Search API key (X-Subscription-Token).',
  },
  {
    id: 'tavily',
    label: 'Tavily',
    needsKey: true,
    needsBaseUrl: false,
    needsEngineId: false,
    origins: ['https://api.tavily.com/*'],
    docsUrl: 'https://docs.tavily.com/documentation/api-reference/endpoint/search',
    localeAware: false,
    note: 'Tavily API key (tvly-…).',
  },
  {
    id: 'serper',
    label: 'Serper (Google results)',
    needsKey: true,
    needsBaseUrl: false,
    needsEngineId: false,
    origins: ['https://google.serper.dev/*'],
    docsUrl: 'https://serper.dev/',
    localeAware: true,
    note: 'The search API DR-Venus was trained with.',
  },
  {
    id: 'google',
    label: 'Google Programmable Search',
    needsKey: true,
    needsBaseUrl: false,
    needsEngineId: true,
    origins: ['https://www.googleapis.com/*'],
    docsUrl: 'https://developers.google.com/custom-search/v1/overview',
    localeAware: true,
    note: 'Needs an API key and a search engine ID (cx).',
  },
  {
    id: 'jina',
    label: 'Jina Search',
    needsKey: true,
    needsBaseUrl: false,
    needsEngineId: false,
    origins: ['https://s.jina.ai/*'],
    docsUrl: 'https://jina.ai/reader/',
    localeAware: true,
    note: 'Jina API key.',
  },
  {
    id: 'wikipedia',
    label: 'Wikipedia',
    needsKey: false,
    needsBaseUrl: false,
    needsEngineId: false,
    origins: ['https://*.wikipedia.org/*'],
    docsUrl: 'https://www.mediawiki.org/wiki/API:Search',
    localeAware: true,
    note: 'No key needed. Searches Wikipedia articles only (Chinese, Japanese or Korean Wikipedia for CJK queries).',
  },
];

export function providerInfo(id: ProviderId): ProviderInfo {
  const info = PROVIDERS.find((p) => p.id === id);
  if (!info) throw new Error(`Unknown search provider: ${id}`);
  return info;
}

/**
 * Match patterns to request as host permissions for a configured provider: the configured base URL's
 * host when one is set (SearXNG, proxies), otherwise the provider's default origins. Match patterns
 * carry no port, so `http://localhost:8888` becomes `http://localhost/*`.
 */
export function originsFor(id: ProviderId, config: ProviderConfig): string[] {
  const info = providerInfo(id);
  const base = config.baseUrl?.trim();
  if (base && id !== 'wikipedia') {
    try {
      const url = new URL(base);
      if (url.protocol === 'https:' || url.protocol === 'http:')
        return [`${url.protocol}//${url.hostname}/*`];
    } catch {
      // An invalid base URL is reported when searching; fall back to the defaults here.
    }
  }
  return [...info.origins];
}
