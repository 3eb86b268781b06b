/**
 * First pass over the cleaned copy of the page, before Readability: takes out furniture the markup
 * names (comments, share and subscribe blocks, related lists, ads, player controls, captions,
 * tables of contents, screen-reader-only text…), so that Readability neither keeps it nor is lured
 * away by it. A block is left alone when it holds the headline or the article body, or most of the
 * page's text, whatever it is called: some sites wrap the whole story in a "share" container.
 */
import { type BoilerplateKind, boilerplateKind, hasContentName, isSlugId } from './boilerplate-attributes';
import { childElements, textLength } from './dom-blocks';

// Furniture is small next to the page; a block this big is more likely the story, whatever its name.
const BIG = 0.3;
// A block named as content as well as furniture ("post-content social-bar") needs less to count.
const BIG_IF_NAMED_CONTENT = 0.1;

function holdsStory(el: Element, kind: BoilerplateKind, landmarks: Element[], pageText: number): boolean {
  if (el.tagName === 'BODY' || el.tagName === 'HTML') return true;
  for (const mark of landmarks) if (el.contains(mark)) return true;
  const share = textLength(el) / Math.max(1, pageText);
  if (hasContentName(el)) return share > BIG_IF_NAMED_CONTENT;
  // Comments can outweigh the story they follow.
  return kind !== 'comments' && share > BIG;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The page's h1 when it is the only one, else the h1s that repeat the document title. */
function headlines(doc: Document): Element[] {
  const h1s = Array.from(doc.body?.querySelectorAll('h1') ?? []);
  if (h1s.length <= 1) return h1s;
  const title = words(doc.title);
  return h1s.filter((h) => {
    const text = words(h.textContent ?? '');
    return text.length > 0 && title.includes(text);
  });
}

/**
 * Scripts sometimes append content to <html> after <body>; Readability walks it but then cannot find
 * its way back to <body> and throws. Such content belongs in the body.
 */
function adoptStrays(doc: Document, body: HTMLElement): void {
  const html = doc.documentElement;
  if (!html) return;
  for (const child of childElements(html)) {
    if (child !== body && child.tagName !== 'HEAD') body.appendChild(child);
  }
}

export function prunePage(doc: Document): void {
  const body = doc.body;
  if (!body) return;
  adoptStrays(doc, body);
  // Section ids made of heading words trip Readability's name patterns ("…-a-shared-changeset").
  for (const el of Array.from(body.querySelectorAll('[id]'))) {
    if (isSlugId(el.getAttribute('id') ?? '')) el.removeAttribute('id');
  }
  const landmarks = [...headlines(doc), ...Array.from(body.querySelectorAll('[itemprop="articleBody"]'))];
  const pageText = textLength(body);
  const doomed: Element[] = [];
  const all = Array.from(body.querySelectorAll('*'));
  for (const el of all) {
    if (doomed.length && doomed[doomed.length - 1]?.contains(el)) continue;
    const kind = boilerplateKind(el);
    if (!kind || holdsStory(el, kind, landmarks, pageText)) continue;
    doomed.push(el);
  }
  for (const el of doomed) el.remove();
}
