import type { ReadPage } from '../agent/read-pages';
import { pageKey } from '../security/normalize-url';
import type { PagesRepo } from '../store/pages-repo';

/** A page the visit tool read, whole: its article markdown, under the address asked for and the one reached. */
export interface WholePage {
  url: string;
  finalUrl?: string;
  markdown: string;
}

export interface WholePages {
  add(page: WholePage): void;
  /** Pages read before this attempt (a resume), from the page cache; one that is not there is skipped. */
  load(urls: readonly string[], cache: Pick<PagesRepo, 'get'> | undefined): Promise<void>;
  /** The pages read, each with its whole text where known, else with the passages the model saw. */
  over(read: readonly ReadPage[]): ReadPage[];
}

/**
 * The whole text of each page a run read, for its citations: a sentence the page states outside the
 * passages the model was shown is still on the page a reader opens ("?" there sent users to a page
 * that says it). The model's evidence and summary are left out once the page is known: a summary is
 * the model's words, not the page's, and its passages are copies of the page's own text, whose joins
 * made quotes that straddled two copies. A page read signed in before a restart, or handed over by
 * the user, is not in the cache and keeps its passages.
 */
export function createWholePages(): WholePages {
  const texts = new Map<string, string>();
  const put = (url: string | undefined, markdown: string) => {
    if (url) texts.set(pageKey(url), markdown);
  };
  return {
    add(page) {
      if (!page.markdown.trim()) return;
      put(page.url, page.markdown);
      put(page.finalUrl, page.markdown);
    },
    async load(urls, cache) {
      if (!cache) return;
      await Promise.all(
        urls
          .filter((url) => !texts.has(pageKey(url)))
          .map(async (url) => {
            const page = await cache.get(url).catch(() => undefined);
            if (page?.markdown.trim()) put(url, page.markdown);
          }),
      );
    },
    over(read) {
      return read.map((p) => {
        const whole = texts.get(pageKey(p.url));
        return whole === undefined ? p : { ...p, text: whole };
      });
    },
  };
}
