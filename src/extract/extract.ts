/**
 * Document → article markdown and metadata. Runs in a tab (bundled into the content script) and in
 * Node under jsdom, so it uses only DOM APIs. The page's own document is never modified: all work
 * happens on clones, with hidden elements removed first so hidden text can never reach the model.
 *
 * The article path: clean clone → prune named furniture → Readability → tidy the article → keep the
 * larger of that and the page's densest text cluster when Readability found too little → markdown.
 * Whatever goes wrong on that path (an exception, a page too large, the time budget spent), the page
 * is still read: its visible text without the obvious furniture, with `problem` saying what failed.
 */
import { isProbablyReaderable, Readability } from '@mozilla/readability';
import { capMarkdown } from './cap';
import { cleanClone } from './clean-clone';
import { textLength } from './dom-blocks';
import { computedStyleLookup, type StyleLookup } from './hidden';
import { collectLinks } from './links';
import { createMarkdownConverter, elementToMarkdown } from './markdown';
import { readMetadata } from './metadata';
import { pageText } from './page-text';
import { prunePage } from './prune-page';
import { largestTextCluster } from './text-cluster';
import { tidyArticle } from './tidy-article';
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_LINKS, type ExtractedPage, type ExtractOptions } from './types';
import { markdownToPlainText, words } from './words';

// Below this much article text, Readability probably picked a fragment of a non-article page.
const MIN_ARTICLE_CHARS = 250;
// Pages with more elements than this are read as page text: the article path would take too long.
export const MAX_ELEMENTS = 40_000;
// Readability's cost grows steeply with nesting (a 400-deep page takes it seconds, 2000-deep
// minutes, and it cannot be interrupted); real pages stay well under this.
export const MAX_DEPTH = 150;
export const DEFAULT_TIME_BUDGET_MS = 10_000;

class ExtractionAbandoned extends Error {}

function baseUrlOf(doc: Document, url: string): string {
  const base = doc.baseURI;
  return base && /^https?:/i.test(base) ? base : url;
}

function isElement(node: Node | null | undefined): node is HTMLElement {
  return node?.nodeType === 1;
}

function message(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

const pick = (a: string | null | undefined, b: string | null): string | null => {
  const text = a?.trim();
  return text ? text : b;
};

/** Deepest element nesting under root, counted without recursion. */
function maxDepth(root: Element): number {
  let deepest = 0;
  const stack: Array<[Element, number]> = [[root, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [el, depth] = item;
    if (depth > deepest) deepest = depth;
    for (let child = el.firstElementChild; child; child = child.nextElementSibling)
      stack.push([child, depth + 1]);
  }
  return deepest;
}

function articlePage(document: Document, url: string, opts: ExtractOptions, started: number): ExtractedPage {
  const budget = opts.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  const overBudget = () => performance.now() - started > budget;
  const elements = document.getElementsByTagName('*').length;
  if (elements > MAX_ELEMENTS) {
    throw new ExtractionAbandoned(`the page is too large to analyse (${elements} elements)`);
  }
  const depth = document.documentElement ? maxDepth(document.documentElement) : 0;
  if (depth > MAX_DEPTH) {
    throw new ExtractionAbandoned(`the page is nested too deeply to analyse (${depth} levels)`);
  }
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  const computed = opts.computedStyle === false ? undefined : computedStyleLookup(document);
  const baseUrl = baseUrlOf(document, url);
  const converter = createMarkdownConverter(baseUrl);

  let readerable = false;
  try {
    readerable = isProbablyReaderable(document);
  } catch {
    readerable = false;
  }

  const clone = cleanClone(document, computed);
  const meta = readMetadata(clone);
  prunePage(clone);
  // Readability takes its input apart; the recall check and the whole-page reading need it whole.
  const pruned = clone.cloneNode(true) as Document;
  if (overBudget()) throw new ExtractionAbandoned(`reading the page took over ${budget / 1000} s`);
  const article = new Readability<Node>(clone, {
    serializer: (node) => node,
    keepClasses: true,
    maxElemsToParse: MAX_ELEMENTS,
  }).parse();
  const title = pick(article?.title, meta.title);
  const moved: { byline?: string; dateline?: string } = {};
  const context = { title, description: meta.description, moved };

  let root: HTMLElement | null = isElement(article?.content) ? tidyArticle(article.content, context) : null;
  let rootText = root ? textLength(root) : 0;
  // Readability found (almost) nothing: the densest text cluster of the page is the second opinion.
  if (rootText < MIN_ARTICLE_CHARS * 2 && !overBudget()) {
    const cluster = largestTextCluster(pruned.cloneNode(true) as Document, context);
    if (cluster && textLength(cluster) > Math.max(rootText * 2, MIN_ARTICLE_CHARS)) {
      root = cluster;
      rootText = textLength(cluster);
    }
  }
  let markdown = root ? elementToMarkdown(converter, root) : '';
  if (!root || rootText < MIN_ARTICLE_CHARS) {
    // Not an article (a product page, a list): the whole visible page without its menus.
    const body = wholePage(pruned);
    const bodyMarkdown = body ? elementToMarkdown(converter, body) : '';
    if (body && bodyMarkdown.length > markdown.length) {
      root = body;
      markdown = bodyMarkdown;
    }
  }

  if (!markdown.trim()) {
    // Nothing article-like nor a body (an SVG or XML page): its visible text is what there is.
    root = null;
    markdown = pageText(pruned, maxChars);
  }

  markdown = capMarkdown(markdown, maxChars);
  return {
    title: title ?? '',
    // A byline or date line cut from the text still describes the page.
    byline: pick(article?.byline, moved.byline ?? null),
    lang: pick(meta.lang, pick(article?.lang, null)),
    publishedTime: pick(article?.publishedTime, meta.publishedTime ?? moved.dateline ?? null),
    siteName: pick(article?.siteName, meta.siteName),
    excerpt: pick(article?.excerpt, meta.description),
    markdown,
    links: root ? collectLinks(root, baseUrl, opts.maxLinks ?? DEFAULT_MAX_LINKS) : [],
    readerable,
    wordCount: words(markdownToPlainText(markdown)).length,
  };
}

/** The whole visible page for non-articles, without navigation and modal dialogs. */
function wholePage(doc: Document): HTMLElement | null {
  const body = doc.body;
  if (!body) return null;
  for (const el of Array.from(
    body.querySelectorAll('nav, [role="navigation"], [role="dialog"][aria-modal="true"]'),
  )) {
    el.remove();
  }
  return body;
}

function visibleText(document: Document, computed: StyleLookup | undefined, maxChars: number): string {
  try {
    const text = pageText(cleanClone(document, computed), maxChars);
    if (text) return text;
  } catch {
    // Cloning or the style scan failed; read the page itself below.
  }
  try {
    return pageText(document, maxChars);
  } catch {
    return (document.body?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, maxChars);
  }
}

/** The page as visible text, for when the article path failed; never throws. */
function pageTextPage(document: Document, opts: ExtractOptions, problem: string): ExtractedPage {
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  let computed: StyleLookup | undefined;
  try {
    computed = opts.computedStyle === false ? undefined : computedStyleLookup(document);
  } catch {
    computed = undefined;
  }
  const markdown = visibleText(document, computed, maxChars);
  let title = '';
  let lang: string | null = null;
  try {
    const meta = readMetadata(document);
    title = meta.title ?? '';
    lang = meta.lang;
  } catch {
    title = '';
  }
  return {
    title,
    byline: null,
    lang,
    publishedTime: null,
    siteName: null,
    excerpt: null,
    markdown,
    links: [],
    readerable: false,
    wordCount: words(markdown).length,
    problem: `${problem}; this is the page's visible text instead.`,
  };
}

export function extract(document: Document, url: string, opts: ExtractOptions = {}): ExtractedPage {
  const started = performance.now();
  if (opts.pageTextOnly) return pageTextPage(document, opts, 'Read as page text on request');
  try {
    return articlePage(document, url, opts, started);
  } catch (e) {
    const why = e instanceof ExtractionAbandoned ? e.message : `the article extractor failed (${message(e)})`;
    return pageTextPage(document, opts, why.charAt(0).toUpperCase() + why.slice(1));
  }
}
