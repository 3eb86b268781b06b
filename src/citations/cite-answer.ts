import type { ReadPage } from '../agent/read-pages';
import type { CitedAnswer, CitedSentence } from '../agent/types';
import { splitSentences } from '../text/sentences';
import { claimText, isLabel } from './claims/clauses';
import { crossLanguageSupport } from './cross-language/cross-language';
import { indexPages } from './matching/page-index';
import { quoteOf } from './matching/quote';
import { supportFor } from './matching/support';
import { citeTerms } from './matching/terms';

/**
 * Numbered citations without a model: each answer sentence is matched against every stretch of
 * the text of the pages the agent read (see cite-support.ts for what counts as support). Each
 * citation carries the page's words that support the sentence, for the panel to show. Headings
 * and list labels are neither cited nor flagged; a sentence no page supports is marked, never
 * given a weak citation. Sources are numbered in order of first use.
 */
export function citeAnswer(answer: string, pages: readonly ReadPage[]): CitedAnswer {
  const corpus = indexPages(pages);
  const numberOf = new Map<number, number>();
  const sentences: CitedSentence[] = splitSentences(answer).map((text) => {
    if (isLabel(text)) return { text, citations: [], supported: true, heading: true };
    const claim = claimText(text);
    // A claim in another language than its page shares no words with it: see cite-cross-language.ts.
    const support = supportFor(claim, citeTerms(claim), corpus);
    const windows = support?.windows ?? crossLanguageSupport(claim, corpus);
    if (!windows) return { text, citations: [], supported: false };
    const quotes = new Map<number, string[]>();
    for (const w of windows) {
      const page = corpus.pages[w.page];
      if (!page) continue;
      const quote = quoteOf(page, w, support?.claim ?? null);
      const list = quotes.get(w.page);
      if (!list) quotes.set(w.page, [quote]);
      else if (!list.includes(quote)) list.push(quote);
    }
    const citations: number[] = [];
    for (const page of quotes.keys()) {
      let n = numberOf.get(page);
      if (n === undefined) {
        n = numberOf.size + 1;
        numberOf.set(page, n);
      }
      citations.push(n);
    }
    return { text, citations, supported: true, quotes: [...quotes.values()].map((q) => q.join(' … ')) };
  });
  const sources = [...numberOf.entries()]
    .sort((a, b) => a[1] - b[1])
    .flatMap(([page, n]) => {
      const p = pages[page];
      return p ? [{ n, url: p.url, title: p.title }] : [];
    });
  return { sentences, sources };
}
