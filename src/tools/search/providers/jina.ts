import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { finalizeHits } from '../hits';
import { keyedEndpoint, optionalText, requestJson } from '../http';
import { effectiveLocale } from '../locale';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';
import { serperLocale } from './serper';

const LABEL = 'Jina Search';

const ResponseSchema = v.object({
  data: v.nullish(
    v.array(
      v.object({ title: optionalText, url: optionalText, description: optionalText, date: optionalText }),
    ),
  ),
});

export function createJinaProvider(config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'jina', label: LABEL, needsKey: true },
    deps.fetch,
    async (query, opts, ctx) => {
      const { key, base } = keyedEndpoint(config, LABEL, 'https://s.jina.ai');
      // Jina takes Google-style hl/gl, like Serper.
      const params = new URLSearchParams({ q: query, ...serperLocale(effectiveLocale(query, opts.locale)) });
      const body = await requestJson(
        ctx,
        `${base}/?${params}`,
        {
          headers: {
            Accept: 'application/json',
            Authorization: `Bearer ${key}`,
            // Sleuth reads pages itself; asking Jina for page contents would only cost time and tokens.
            'X-Respond-With': 'no-content',
          },
        },
        ResponseSchema,
      );
      return finalizeHits(
        (body.data ?? []).map((r) => ({ title: r.title, url: r.url, snippet: r.description, date: r.date })),
      );
    },
  );
}
