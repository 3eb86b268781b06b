import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { finalizeHits } from '../hits';
import { keyedEndpoint, optionalText, requestJson } from '../http';
import { effectiveLocale, localeParts } from '../locale';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';

const LABEL = 'Brave Search';

const ResponseSchema = v.object({
  web: v.optional(
    v.object({
      results: v.array(
        v.object({
          title: optionalText,
          url: optionalText,
          description: optionalText,
          page_age: optionalText,
          age: optionalText,
        }),
      ),
    }),
  ),
});

// Brave's search_lang codes differ from BCP 47 for a few languages.
const BRAVE_LANG: Readonly<Record<string, string>> = { zh: 'zh-hans', ja: 'jp', ko: 'ko' };
const BRAVE_PLAIN_LANGS = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ru', 'pl', 'sv', 'tr', 'ar']);

function braveSearchLang(locale: string | undefined): string | undefined {
  const parts = localeParts(locale);
  if (!parts) return undefined;
  if (parts.language === 'zh' && (parts.region === 'TW' || parts.region === 'HK')) return 'zh-hant';
  return BRAVE_LANG[parts.language] ?? (BRAVE_PLAIN_LANGS.has(parts.language) ? parts.language : undefined);
}

export function createBraveProvider(config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'brave', label: LABEL, needsKey: true },
    deps.fetch,
    async (query, opts, ctx) => {
      const { key, base } = keyedEndpoint(config, LABEL, 'https://api.search.brave.com');
      const params = new URLSearchParams({ q: query, count: '10' });
      const lang = braveSearchLang(effectiveLocale(query, opts.locale));
      if (lang) params.set('search_lang', lang);
      const body = await requestJson(
        ctx,
        `${base}/res/v1/web/search?${params}`,
        { headers: { Accept: 'application/json', 'X-Subscription-Token': key } },
        ResponseSchema,
      );
      return finalizeHits(
        (body.web?.results ?? []).map((r) => ({
          title: r.title,
          url: r.url,
          snippet: r.description,
          date: r.page_age ?? r.age,
        })),
      );
    },
  );
}
