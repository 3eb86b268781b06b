import { parseDuckDuckGoPage } from '../ddg-parse';
import { defineProvider } from '../define-provider';
import { malformed, SearchError } from '../errors';
import { finalizeHits } from '../hits';
import { baseUrlOf, requestText } from '../http';
import { effectiveLocale, localeParts } from '../locale';
import type { ProviderConfig, ProviderDeps, SearchProvider } from '../types';

const LABEL = 'DuckDuckGo';

/** DuckDuckGo region codes (`kl`) are region-language, with a few irregular ones. */
export function duckDuckGoRegion(locale: string | undefined): string | undefined {
  const parts = localeParts(locale);
  if (!parts) return undefined;
  const { language, region } = parts;
  if (language === 'zh') return region === 'TW' || region === 'HK' ? `${region.toLowerCase()}-tzh` : 'cn-zh';
  if (language === 'ja') return 'jp-jp';
  if (language === 'ko') return 'kr-kr';
  if (!region) return language === 'en' ? 'us-en' : undefined;
  return `${region === 'GB' ? 'uk' : region.toLowerCase()}-${language}`;
}

export function createDuckDuckGoProvider(config: ProviderConfig, deps: ProviderDeps): SearchProvider {
  return defineProvider(
    { id: 'duckduckgo', label: LABEL, needsKey: false },
    deps.fetch,
    async (query, opts, ctx) => {
      const base = baseUrlOf(config.baseUrl, 'https://html.duckduckgo.com');
      if (!base)
        throw new SearchError('config', `${LABEL}: the address in Options → Search is not a valid URL.`);
      const form = new URLSearchParams({ q: query });
      const kl = duckDuckGoRegion(effectiveLocale(query, opts.locale));
      if (kl) form.set('kl', kl);
      const { text } = await requestText(ctx, `${base}/html/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      let page: ReturnType<typeof parseDuckDuckGoPage>;
      try {
        page = parseDuckDuckGoPage(deps.parseHtml(text));
      } catch (err) {
        throw malformed(LABEL, err);
      }
      if (page.kind === 'blocked') {
        throw new SearchError(
          'blocked',
          `${LABEL} showed a bot check (captcha) instead of results; pausing it for a while.`,
        );
      }
      if (page.kind === 'unrecognised') throw malformed(LABEL);
      return finalizeHits(page.hits);
    },
  );
}
