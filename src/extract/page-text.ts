/**
 * The page's visible text without its obvious furniture, for when the article extractor fails:
 * "no page left unread". Deliberately simple and robust: one iterative walk (no recursion, so a
 * pathologically deep page cannot overflow the stack), no Readability, no turndown. Blocks become
 * paragraphs; navigation, headers, footers, asides, forms, hidden elements and named furniture are
 * skipped, and so are blocks that are mostly links (menus and link lists).
 */
import { boilerplateKind } from './boilerplate-attributes';
import { isChromeText } from './boilerplate-text';
import { BLOCK_TAGS } from './dom-blocks';
import { isHiddenByMarkup } from './hidden';

const SKIPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'CANVAS',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'VIDEO',
  'AUDIO',
  'NAV',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'INPUT',
  'DIALOG',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
]);

// A block whose text is mostly links is a menu or a list of other pages.
const MAX_LINK_SHARE = 0.6;
const DEFAULT_MAX_CHARS = 200_000;

interface Block {
  text: string;
  linked: number;
}

function skip(el: Element): boolean {
  const tag = el.tagName.toUpperCase();
  if (SKIPPED_TAGS.has(tag)) return true;
  try {
    return isHiddenByMarkup(el) || boilerplateKind(el) !== null;
  } catch {
    return false;
  }
}

/** Visible text of the page as paragraphs, at most maxChars long. */
export function pageText(doc: Document, maxChars = DEFAULT_MAX_CHARS): string {
  // From <html>, not <body>: scripts can put content after the body.
  const root = doc.documentElement;
  if (!root) return '';
  const out: string[] = [];
  let size = 0;
  let current: Block = { text: '', linked: 0 };
  const flush = () => {
    const text = current.text.replace(/\s+/g, ' ').trim();
    if (text && current.linked / text.length <= MAX_LINK_SHARE && !isChromeText(text)) {
      out.push(text);
      size += text.length + 2;
    }
    current = { text: '', linked: 0 };
  };
  // Each stack entry is a node to visit, or a marker that closes a block element.
  const stack: Array<Node | 'end-block'> = [root];
  let linkDepth = 0;
  const linkEnds = new Set<Node>();
  while (stack.length > 0 && size < maxChars) {
    const item = stack.pop();
    if (item === undefined) break;
    if (item === 'end-block') {
      flush();
      continue;
    }
    if (linkEnds.has(item)) {
      linkEnds.delete(item);
      linkDepth--;
      continue;
    }
    if (item.nodeType === 3) {
      const value = item.nodeValue ?? '';
      current.text += value;
      if (linkDepth > 0) current.linked += value.replace(/\s+/g, ' ').trim().length;
      continue;
    }
    if (item.nodeType !== 1) continue;
    const el = item as Element;
    if (el !== root && skip(el)) continue;
    const tag = el.tagName.toUpperCase();
    const isBlock = BLOCK_TAGS.has(tag) || tag === 'BR';
    if (isBlock) {
      flush();
      stack.push('end-block');
    }
    if (tag === 'A') {
      // A sentinel node marks where the link ends.
      const end = doc.createTextNode('');
      linkEnds.add(end);
      stack.push(end);
      linkDepth++;
    } else if (tag === 'TD' || tag === 'TH') {
      current.text += ' ';
    }
    // Last child first, so the stack pops them in reading order.
    for (let child = el.lastChild; child; child = child.previousSibling) stack.push(child);
  }
  flush();
  const text = out.join('\n\n');
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}
