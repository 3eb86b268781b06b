import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { badUrl, missingSetting, SearchError } from '../errors';
import { finalizeHits } from '../hits';
import { baseUrlOf, optionalText, requestJson } from '../http';
import { effectiveLocale, localeParts } from '../locale';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';

const LABEL = 'SearXNG';

const ResponseSchema = v.object({
  results: v.array(
    v.object({
      title: optionalText,
      url: optionalText,
      content: optionalText,
      publishedDate: optionalText,
    }),
  ),
  unresponsive_engines: v.optional(v.array(v.array(v.unknown()))),
});

function classify(status: number): SearchError | undefined {
  if (status === 403) {
    return new SearchError(
      'config',
      `The ${LABEL} instance does not allow JSON results (403). Its settings.yml must list "json" under search → formats.`,
      { status, info: { code: 'search-no-json', params: { provider: LABEL } } },
    );
  }
  if (status === 404) {
    return new SearchError(
      'config',
      `No ${LABEL} instance answered at this address (404). Check the URL in Options → Search.`,
      { status, info: { code: 'search-no-instance', params: { provider: LABEL, host: '' } } },
    );
  }
  return undefined;
}

export function createSearxngProvider(config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'searxng', label: LABEL, needsKey: false },
    deps.fetch,
    async (query, opts, ctx) => {
      if (!config.baseUrl?.trim()) throw missingSetting(LABEL, 'the address of a SearXNG instance');
      const base = baseUrlOf(config.baseUrl.replace(/\/search\/?$/, ''), '');
      if (!base) throw badUrl(LABEL, `${LABEL}: the instance address is not a valid http(s) URL.`);
      const params = new URLSearchParams({ q: query, format: 'json', pageno: '1' });
      const language = localeParts(effectiveLocale(query, opts.locale))?.language;
      if (language) params.set('language', language);
      const body = await requestJson(
        ctx,
        `${base}/search?${params}`,
        { headers: { Accept: 'application/json' } },
        ResponseSchema,
        classify,
      );
      const failing = body.unresponsive_engines ?? [];
      if (body.results.length === 0 && failing.length > 0) {
        const names = failing.map((entry) => entry.map(String).join(': ')).join(', ');
        throw new SearchError('server', `${LABEL}'s search engines did not answer (${names}).`, {
          info: { code: 'search-engines-silent', params: { provider: LABEL, engines: names } },
        });
      }
      return finalizeHits(
        body.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content, date: r.publishedDate })),
      );
    },
  );
}
