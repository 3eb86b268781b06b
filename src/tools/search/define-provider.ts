import type { ProviderId } from '../../settings/provider-ids';
import type { HttpContext } from './http';
import type { FetchFn, SearchHit, SearchOptions, SearchProvider } from './types';

/**
 * A provider from its id, label and search: the search receives the HTTP context that every provider
 * builds the same way (its fetch, its label for error messages, whether it needs a key, the signal).
 */
export function defineProvider(
  meta: { id: ProviderId; label: string; needsKey: boolean },
  fetch: FetchFn,
  search: (query: string, opts: SearchOptions, ctx: HttpContext) => Promise<SearchHit[]>,
): SearchProvider {
  return {
    ...meta,
    search: (query, opts) =>
      search(query, opts, { fetch, label: meta.label, needsKey: meta.needsKey, signal: opts.signal }),
  };
}
