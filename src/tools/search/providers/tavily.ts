import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { finalizeHits } from '../hits';
import { keyedEndpoint, optionalText, requestJson } from '../http';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';

const LABEL = 'Tavily';

const ResponseSchema = v.object({
  results: v.array(
    v.object({ title: optionalText, url: optionalText, content: optionalText, published_date: optionalText }),
  ),
});

// Tavily has no language parameter for general search; it follows the query's language on its own.
export function createTavilyProvider(config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'tavily', label: LABEL, needsKey: true },
    deps.fetch,
    async (query, _opts, ctx) => {
      const { key, base } = keyedEndpoint(config, LABEL, 'https://api.tavily.com');
      const body = await requestJson(
        ctx,
        `${base}/search`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: JSON.stringify({ query, max_results: 10, search_depth: 'basic', include_answer: false }),
        },
        ResponseSchema,
      );
      return finalizeHits(
        body.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content, date: r.published_date })),
      );
    },
  );
}
