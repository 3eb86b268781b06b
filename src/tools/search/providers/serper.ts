import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { finalizeHits } from '../hits';
import { keyedEndpoint, optionalText, requestJson } from '../http';
import { effectiveLocale, localeParts } from '../locale';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';

const LABEL = 'Serper';

const ResponseSchema = v.object({
  organic: v.optional(
    v.array(v.object({ title: optionalText, link: optionalText, snippet: optionalText, date: optionalText })),
  ),
});

/** Google's `hl` / `gl` pair as Serper takes it (`zh-cn` / `cn` for Chinese). */
export function serperLocale(locale: string | undefined): { hl?: string; gl?: string } {
  const parts = localeParts(locale);
  if (!parts) return {};
  if (parts.language === 'zh') {
    const region = parts.region ?? 'CN';
    return { hl: `zh-${region.toLowerCase()}`, gl: region.toLowerCase() };
  }
  const defaults: Record<string, string> = { ja: 'jp', ko: 'kr' };
  const gl = parts.region?.toLowerCase() ?? defaults[parts.language];
  return gl ? { hl: parts.language, gl } : { hl: parts.language };
}

export function createSerperProvider(config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'serper', label: LABEL, needsKey: true },
    deps.fetch,
    async (query, opts, ctx) => {
      const { key, base } = keyedEndpoint(config, LABEL, 'https://google.serper.dev');
      const body = await requestJson(
        ctx,
        `${base}/search`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
          body: JSON.stringify({ q: query, num: 10, ...serperLocale(effectiveLocale(query, opts.locale)) }),
        },
        ResponseSchema,
      );
      return finalizeHits(
        (body.organic ?? []).map((r) => ({ title: r.title, url: r.link, snippet: r.snippet, date: r.date })),
      );
    },
  );
}
