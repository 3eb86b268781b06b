import type { ExtractedPage } from '../../../src/extract/types';
import type { ReadTabResult } from '../../../src/tools/browse/tabs/tab-reader';

/** What the eval's page readers (fetch + jsdom, Chromium) answer, shaped as the extension's tab reads. */
type Via = ReadTabResult['via'];

export const readFailure = (url: string, reason: string, via: Via): ReadTabResult => ({
  ok: false,
  url,
  finalUrl: url,
  title: '',
  markdown: '',
  links: [],
  via,
  reason,
});

/** An extracted page as a read: its metadata only where the extractor found it. */
export function readPage(target: string, finalUrl: string, page: ExtractedPage, via: Via): ReadTabResult {
  return {
    ok: true,
    url: target,
    finalUrl,
    title: page.title,
    markdown: page.markdown,
    links: page.links,
    via,
    ...(page.byline ? { byline: page.byline } : {}),
    ...(page.lang ? { lang: page.lang } : {}),
    ...(page.publishedTime ? { publishedTime: page.publishedTime } : {}),
    ...(page.siteName ? { siteName: page.siteName } : {}),
    ...(page.problem ? { problem: page.problem } : {}),
  };
}
