/**
 * Decides which elements a reader cannot see. Hostile pages hide prompt-injection text from people
 * while leaving it in the DOM, so anything hidden here must never reach the model.
 */

import { childElements } from './dom-blocks';
import { stylesheetHidingFilter } from './style-prefilter';

/** Returns the computed style of an element, or null when it cannot be computed. */
export type StyleLookup = (el: Element) => CSSStyleDeclaration | null;

// Content that is never rendered as page text. Scripts are not listed: Readability reads JSON-LD
// metadata from them, and the markdown converter drops them anyway.
const NEVER_RENDERED = new Set(['TEMPLATE', 'NOSCRIPT']);

function zeroLength(value: string): boolean {
  return /^0(\.0*)?([a-z%]+)?$/i.test(value.trim());
}

function styleHides(style: CSSStyleDeclaration): boolean {
  const display = style.getPropertyValue('display').trim().toLowerCase();
  if (display === 'none') return true;
  const visibility = style.getPropertyValue('visibility').trim().toLowerCase();
  if (visibility === 'hidden' || visibility === 'collapse') return true;
  const opacity = style.getPropertyValue('opacity');
  if (opacity !== '' && zeroLength(opacity)) return true;
  const fontSize = style.getPropertyValue('font-size');
  return fontSize !== '' && zeroLength(fontSize);
}

function inlineStyle(el: Element): CSSStyleDeclaration | null {
  const style = (el as Partial<HTMLElement>).style;
  return style && typeof style.getPropertyValue === 'function' ? style : null;
}

/** Hidden by what the markup itself says: attributes, inline styles, never-rendered elements. */
export function isHiddenByMarkup(el: Element): boolean {
  const tag = el.tagName.toUpperCase();
  if (NEVER_RENDERED.has(tag)) return true;
  if (el.hasAttribute('hidden')) return true;
  if (el.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true') return true;
  if (tag === 'DIALOG' && !el.hasAttribute('open')) return true;
  // Reading .style builds a style object per element (slow in jsdom); most elements have none.
  if (!el.hasAttribute('style')) return false;
  const inline = inlineStyle(el);
  return inline !== null && styleHides(inline);
}

/** Hidden by the cascade (stylesheets included), where a computed style is available. */
export function isHiddenByStyle(el: Element, computed: StyleLookup | undefined): boolean {
  const style = computed?.(el);
  return style ? styleHides(style) : false;
}

/** True when the element (and so its whole subtree) is not visible to a person reading the page. */
export function isHiddenElement(el: Element, computed?: StyleLookup): boolean {
  return isHiddenByMarkup(el) || isHiddenByStyle(el, computed);
}

// Never rendered as text, and Readability needs them: JSON-LD scripts and microdata <meta> carry
// metadata. Their computed display is none, so the cascade must not remove them.
const STYLE_EXEMPT = new Set(['SCRIPT', 'META', 'LINK', 'TITLE', 'STYLE']);

/** A computed-style lookup for the document's window, or undefined where there is none. */
export function computedStyleLookup(doc: Document): StyleLookup | undefined {
  const view = doc.defaultView;
  if (!view || typeof view.getComputedStyle !== 'function') return undefined;
  const mayHide = stylesheetHidingFilter(doc);
  return (el) => {
    if (STYLE_EXEMPT.has(el.tagName.toUpperCase())) return null;
    if (mayHide && !mayHide(el)) return null;
    try {
      return view.getComputedStyle(el);
    } catch {
      return null;
    }
  };
}

/** Removes hidden descendants judged by markup only (attributes and inline styles). */
export function removeHiddenByMarkup(root: Element): void {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    // Removing an ancestor already removed its descendants.
    if (isHiddenByMarkup(el) && root.contains(el)) el.remove();
  }
}

export interface HiddenScan {
  /** Clone elements hidden by their markup. */
  byMarkup: Element[];
  /** Clone elements hidden only by the cascade. */
  byStyle: Element[];
}

/**
 * Finds the elements of `clone` that are hidden in `original`, outermost only. The clone must be a
 * fresh deep copy of the original so both trees have the same shape; styles are read from the
 * original because a cloned document has no window to compute them in.
 */
export function scanHidden(original: Element, clone: Element, computed?: StyleLookup): HiddenScan {
  const scan: HiddenScan = { byMarkup: [], byStyle: [] };
  const stack: Array<[Element, Element]> = [[original, clone]];
  for (let pair = stack.pop(); pair; pair = stack.pop()) {
    const [from, to] = pair;
    const fromChildren = childElements(from);
    const toChildren = childElements(to);
    if (fromChildren.length !== toChildren.length) {
      // The page changed between clone and scan; judge this part by the clone's markup alone.
      for (const el of Array.from(to.querySelectorAll('*'))) if (isHiddenByMarkup(el)) scan.byMarkup.push(el);
      continue;
    }
    for (let i = 0; i < fromChildren.length; i++) {
      const a = fromChildren[i];
      const b = toChildren[i];
      if (!a || !b) continue;
      if (isHiddenByMarkup(b)) scan.byMarkup.push(b);
      else if (isHiddenByStyle(a, computed)) scan.byStyle.push(b);
      else stack.push([a, b]);
    }
  }
  return scan;
}

const SKIP_TEXT_OF = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** Length of the readable text under an element (script and style bodies excluded). */
export function textLength(root: Element): number {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  let total = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement?.tagName.toUpperCase() ?? '';
    if (!SKIP_TEXT_OF.has(parent)) total += (node.nodeValue ?? '').trim().length;
  }
  return total;
}
