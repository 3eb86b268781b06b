export type { BackoffPolicy } from './backoff';
export { DEFAULT_BACKOFF } from './backoff';
export type { CachedEntry, SearchCache } from './cache';
export { cacheKey, createMemoryCache, DEFAULT_CACHE_TTL_MS } from './cache';
export type { ProviderInfo } from './catalog';
export { originsFor, PROVIDERS, providerInfo } from './catalog';
export type {
  ChainResult,
  Clock,
  ProviderFailure,
  ProviderStatus,
  SearchChain,
  SearchChainOptions,
} from './chain';
export { createSearchChain, SearchChainError } from './chain';
export { createProvider } from './create-provider';
export type { SearchErrorKind } from './errors';
export { isSearchError, SearchError } from './errors';
export { cjkLocale, effectiveLocale, hasCjk } from './locale';
export type {
  FetchFn,
  ParseHtml,
  ProviderConfig,
  ProviderDeps,
  ProviderId,
  SearchHit,
  SearchOptions,
  SearchProvider,
} from './types';
export { MAX_HITS } from './types';
