import * as v from 'valibot';
import { defineProvider } from '../define-provider';
import { missingSetting, SearchError } from '../errors';
import { finalizeHits } from '../hits';
import { baseUrlOf, optionalText, requestJson } from '../http';
import { effectiveLocale, localeParts } from '../locale';
import type { FetchFn, ProviderConfig, SearchProvider } from '../types';

const LABEL = 'Google Programmable Search';

const ResponseSchema = v.object({
  items: v.optional(v.array(v.object({ title: optionalText, link: optionalText, snippet: optionalText }))),
});

/**
 * Google reports a bad key as 400 and an exhausted quota as 403, so the default status mapping would
 * misdescribe both.
 */
function classify(status: number, body: string): SearchError | undefined {
  if (/API key not valid|keyInvalid|API_KEY_INVALID/i.test(body)) {
    return new SearchError(
      'unauthorized',
      `${LABEL} rejected the API key (${status}). Check the key in Options → Search.`,
      {
        status,
      },
    );
  }
  if (status === 403 && /dailyLimitExceeded|rateLimitExceeded|quotaExceeded|RESOURCE_EXHAUSTED/i.test(body)) {
    return new SearchError('rate-limited', `${LABEL} says today's search quota is used up (403).`, {
      status,
    });
  }
  if (status === 403) {
    return new SearchError(
      'unauthorized',
      `${LABEL} refused the API key (403); the Custom Search API may not be enabled for it. Check the key in Options → Search.`,
      { status },
    );
  }
  if (status === 400 && /\bcx\b|Invalid Value/i.test(body)) {
    return new SearchError(
      'config',
      `${LABEL} did not accept the search engine ID (400). Check it in Options → Search.`,
      {
        status,
      },
    );
  }
  return undefined;
}

function googleLocaleParams(locale: string | undefined): Record<string, string> {
  const parts = localeParts(locale);
  if (!parts) return {};
  if (parts.language === 'zh') {
    const traditional = parts.region === 'TW' || parts.region === 'HK';
    return { hl: traditional ? 'zh-TW' : 'zh-CN', lr: traditional ? 'lang_zh-TW' : 'lang_zh-CN' };
  }
  return { hl: parts.language, lr: `lang_${parts.language}` };
}

export function createGoogleProvider(config: ProviderConfig, deps: { fetch: FetchFn }): SearchProvider {
  return defineProvider(
    { id: 'google', label: LABEL, needsKey: true },
    deps.fetch,
    async (query, opts, ctx) => {
      const key = config.apiKey?.trim();
      const cx = config.engineId?.trim();
      if (!key) throw missingSetting(LABEL, 'an API key');
      if (!cx) throw missingSetting(LABEL, 'a search engine ID (cx)');
      const base = baseUrlOf(config.baseUrl, 'https://www.googleapis.com');
      if (!base)
        throw new SearchError('config', `${LABEL}: the address in Options → Search is not a valid URL.`);
      const params = new URLSearchParams({
        key,
        cx,
        q: query,
        num: '10',
        ...googleLocaleParams(effectiveLocale(query, opts.locale)),
      });
      const body = await requestJson(
        ctx,
        `${base}/customsearch/v1?${params}`,
        { headers: { Accept: 'application/json' } },
        ResponseSchema,
        classify,
      );
      return finalizeHits(
        (body.items ?? []).map((r) => ({ title: r.title, url: r.link, snippet: r.snippet })),
      );
    },
  );
}
