/**
 * Small DOM measurements shared by the boilerplate rules: block elements in reading order, text
 * and link-text lengths, and whether a block's text is all set in emphasis (captions and notes).
 */

export const BLOCK_TAGS = new Set([
  'P',
  'DIV',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'FIGURE',
  'FIGCAPTION',
  'TABLE',
  'UL',
  'OL',
  'DL',
  'DT',
  'DD',
  'SECTION',
  'HEADER',
  'FOOTER',
  'ARTICLE',
  'ASIDE',
  'ADDRESS',
  'TR',
  'TD',
  'TH',
  'CAPTION',
  'DETAILS',
  'SUMMARY',
  'MAIN',
  'NAV',
  'FORM',
]);

export const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * An element's child elements. Walks the sibling links: jsdom's `children` collection costs time
 * proportional to its length on every read, which makes wide pages quadratic.
 */
export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) out.push(child);
  return out;
}

const SKIPPED_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

export function textOf(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Length of the text under an element, script and style bodies excluded. */
export function textLength(el: Element): number {
  const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  let total = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!SKIPPED_TEXT.has(node.parentElement?.tagName.toUpperCase() ?? '')) {
      total += (node.nodeValue ?? '').replace(/\s+/g, ' ').trim().length;
    }
  }
  return total;
}

/** Share of an element's text that sits inside links (0 when it has no text). */
export function linkDensity(el: Element): number {
  const total = textOf(el).length;
  if (total === 0) return 0;
  let linked = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) linked += textOf(a).length;
  return Math.min(1, linked / total);
}

const EMPHASIS = 'em, i, small, cite, figcaption';

/** True when (nearly) all of the block's text is set in italics or small print. */
export function isAllEmphasis(el: Element): boolean {
  const total = textOf(el).length;
  if (total === 0) return false;
  let emphasised = 0;
  for (const e of Array.from(el.querySelectorAll(EMPHASIS))) {
    // Count the outermost emphasis only.
    if (!e.parentElement?.closest(EMPHASIS) || !el.contains(e.parentElement.closest(EMPHASIS))) {
      emphasised += textOf(e).length;
    }
  }
  return emphasised / total >= 0.9;
}

/** Blocks with text and no block inside them, in reading order. */
export function leafBlocks(root: Element): Element[] {
  const out: Element[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (!BLOCK_TAGS.has(el.tagName.toUpperCase())) continue;
    let hasBlockChild = false;
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
      if (BLOCK_TAGS.has(child.tagName.toUpperCase())) {
        hasBlockChild = true;
        break;
      }
    }
    if (!hasBlockChild && textOf(el)) out.push(el);
  }
  return out;
}

/** Removes the element and everything after it inside root (the rest of the document order). */
export function removeFromHereOn(el: Element, root: Element): void {
  let node: Element | null = el;
  while (node && node !== root) {
    while (node.nextSibling) node.nextSibling.remove();
    const parent: Element | null = node.parentElement;
    if (node === el) node.remove();
    node = parent;
  }
}

/** The outermost ancestor (or the element itself) below root that holds no other text. */
export function soleTextWrapper(el: Element, root: Element): Element {
  let node = el;
  const own = textOf(el).length;
  while (node.parentElement && node.parentElement !== root && textOf(node.parentElement).length <= own) {
    node = node.parentElement;
  }
  return node;
}
