/**
 * A deep copy of the page with every hidden element removed, ready for Readability (which mutates
 * its input) and for the markdown converter.
 */
import { removeHiddenByMarkup, type StyleLookup, scanHidden, textLength } from './hidden';

// When stylesheets would hide nearly all the text, the page is in a pre-script state (anti-flicker
// or loading styles that its scripts lift, as in saved pages and jsdom); a person would see the text
// once scripts run, so the cascade is not trusted and only markup-level hiding applies.
const STYLE_HIDES_ALMOST_ALL = 0.9;

export function cleanClone(doc: Document, computed: StyleLookup | undefined): Document {
  const clone = doc.cloneNode(true) as Document;
  if (!doc.body || !clone.body) return clone;
  const scan = scanHidden(doc.body, clone.body, computed);
  for (const el of scan.byMarkup) el.remove();
  if (scan.byStyle.length === 0) return clone;
  const total = textLength(clone.body);
  const styleHidden = scan.byStyle.reduce((sum, el) => sum + textLength(el), 0);
  if (total > 0 && styleHidden > total * STYLE_HIDES_ALMOST_ALL) {
    // Markup-hidden elements nested inside the kept subtrees must still go.
    for (const el of scan.byStyle) removeHiddenByMarkup(el);
  } else {
    for (const el of scan.byStyle) el.remove();
  }
  return clone;
}
