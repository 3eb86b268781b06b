/**
 * The extractors the golden set compares, each as HTML → article text: Sleuth's own, and plain
 * Readability + turndown (what an extension would get from the libraries alone).
 */
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import TurndownService from 'turndown';
import { extract } from '../../src/extract/extract';
import { markdownToReadableText } from '../../src/extract/words';
import { GOLDEN_URL } from './golden-set';

export type TextExtractor = (doc: Document, url: string) => string;

export function parseGoldenHtml(html: string, url = GOLDEN_URL): Document {
  // Silent console: jsdom reports every stylesheet it cannot parse.
  return new JSDOM(html, { url, virtualConsole: new VirtualConsole() }).window.document;
}

// No time budget: under jsdom on a busy machine a page with heavy stylesheets can take seconds to
// scan for hidden text, and a quality figure must not depend on the machine's load.
export const sleuthText: TextExtractor = (doc, url) =>
  markdownToReadableText(extract(doc, url, { timeBudgetMs: Number.POSITIVE_INFINITY }).markdown);

export const readabilityText: TextExtractor = (doc) => {
  const article = new Readability(doc).parse();
  if (!article?.content) return '';
  return markdownToReadableText(new TurndownService().turndown(article.content));
};
