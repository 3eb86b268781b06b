/**
 * Document → article markdown and metadata. Runs in a tab (bundled into the content script) and in
 * Node under jsdom, so it uses only DOM APIs. The page's own document is never modified: all work
 * happens on clones, with hidden elements removed first so hidden text can never reach the model.
 */
import { isProbablyReaderable, Readability } from '@mozilla/readability';
import { capMarkdown } from './cap';
import { cleanClone } from './clean-clone';
import { computedStyleLookup } from './hidden';
import { collectLinks } from './links';
import { createMarkdownConverter, elementToMarkdown } from './markdown';
import { readMetadata } from './metadata';
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_LINKS, type ExtractedPage, type ExtractOptions } from './types';
import { markdownToPlainText, words } from './words';

// Below this much article text, Readability probably picked a fragment of a non-article page.
const MIN_ARTICLE_CHARS = 250;

function baseUrlOf(doc: Document, url: string): string {
  const base = doc.baseURI;
  return base && /^https?:/i.test(base) ? base : url;
}

function runReadability(clone: Document): ReturnType<Readability<Node>['parse']> {
  try {
    return new Readability<Node>(clone, { serializer: (node) => node }).parse();
  } catch {
    // Readability throws on some malformed documents; the visible-text fallback still works.
    return null;
  }
}

function isElement(node: Node | null | undefined): node is HTMLElement {
  return node?.nodeType === 1;
}

/** Whole visible page as markdown, for pages that are not articles. */
function visibleBody(clone: Document): HTMLElement | null {
  const body = clone.body;
  if (!body) return null;
  for (const el of Array.from(
    body.querySelectorAll('nav, [role="navigation"], [role="dialog"][aria-modal="true"]'),
  )) {
    el.remove();
  }
  return body;
}

export function extract(document: Document, url: string, opts: ExtractOptions = {}): ExtractedPage {
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  const maxLinks = opts.maxLinks ?? DEFAULT_MAX_LINKS;
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
  const article = runReadability(clone);
  const articleRoot = isElement(article?.content) ? article.content : null;
  const articleText = (article?.textContent ?? '').trim();

  let root: HTMLElement | null = articleRoot;
  let markdown = articleRoot ? elementToMarkdown(converter, articleRoot) : '';
  if (!articleRoot || articleText.length < MIN_ARTICLE_CHARS) {
    const body = visibleBody(cleanClone(document, computed));
    const bodyMarkdown = body ? elementToMarkdown(converter, body) : '';
    if (body && bodyMarkdown.length > markdown.length) {
      root = body;
      markdown = bodyMarkdown;
    }
  }

  markdown = capMarkdown(markdown, maxChars);
  const pick = (a: string | null | undefined, b: string | null): string | null => {
    const text = a?.trim();
    return text ? text : b;
  };

  return {
    title: pick(article?.title, meta.title) ?? '',
    byline: pick(article?.byline, null),
    lang: pick(meta.lang, pick(article?.lang, null)),
    publishedTime: pick(article?.publishedTime, meta.publishedTime),
    siteName: pick(article?.siteName, meta.siteName),
    excerpt: pick(article?.excerpt, meta.description),
    markdown,
    links: root ? collectLinks(root, baseUrl, maxLinks) : [],
    readerable,
    wordCount: words(markdownToPlainText(markdown)).length,
  };
}
