import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { SearchError } from '../errors';
import { finalizeHits } from '../hits';
import { optionalText, requestJson } from '../http';
import { cjkLocale, localeParts } from '../locale';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';

const LABEL = 'Wikipedia';

const ResponseSchema = v.union([
  v.object({
    query: v.object({
      search: v.array(v.object({ title: v.string(), snippet: optionalText, timestamp: optionalText })),
    }),
  }),
  v.object({ error: v.object({ code: v.string(), info: optionalText }) }),
]);

/** The wiki to search follows the query's script: Chinese, Japanese or Korean, otherwise English. */
export function wikipediaLanguage(query: string): string {
  return localeParts(cjkLocale(query))?.language ?? 'en';
}

export function wikipediaArticleUrl(language: string, title: string): string {
  const path = encodeURIComponent(title.replace(/ /g, '_')).replace(/%3A/gi, ':').replace(/%2F/gi, '/');
  return `https://${language}.wikipedia.org/wiki/${path}`;
}

// `baseUrl` is not used: the language subdomain is part of the address.
export function createWikipediaProvider(_config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'wikipedia', label: LABEL, needsKey: false },
    deps.fetch,
    async (query, _opts, ctx) => {
      const language = wikipediaLanguage(query);
      const params = new URLSearchParams({
        action: 'query',
        list: 'search',
        srsearch: query,
        srlimit: '10',
        srprop: 'snippet|timestamp',
        format: 'json',
        utf8: '1',
        origin: '*',
      });
      const body = await requestJson(
        ctx,
        `https://${language}.wikipedia.org/w/api.php?${params}`,
        // Wikimedia asks API clients to identify themselves; browsers may not set User-Agent.
        { headers: { Accept: 'application/json', 'Api-User-Agent': 'Sleuth/0.1 (browser extension)' } },
        ResponseSchema,
      );
      if ('error' in body) {
        const kind = /ratelimited|maxlag/i.test(body.error.code) ? 'rate-limited' : 'server';
        throw new SearchError(kind, `${LABEL} answered with an error (${body.error.code}).`);
      }
      return finalizeHits(
        body.query.search.map((r) => ({
          title: r.title,
          url: wikipediaArticleUrl(language, r.title),
          snippet: r.snippet,
          date: r.timestamp?.slice(0, 10),
        })),
      );
    },
  );
}
