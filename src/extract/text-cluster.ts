/**
 * Recall check for Readability: the smallest element that holds most of the page's paragraph text.
 * Paragraph-like blocks are weighted by their text outside links; the chosen element is the deepest
 * one whose blocks add up to most of the page's weight. When Readability kept much less than this,
 * it settled on a fragment (one section of a long document) and the cluster is the better article.
 */
import { leafBlocks, linkDensity, textOf } from './dom-blocks';
import { type TidyContext, tidyArticle } from './tidy-article';

const PARAGRAPH_TAGS = new Set(['P', 'PRE', 'BLOCKQUOTE', 'LI', 'DD', 'TD', 'DIV', 'H2', 'H3', 'H4']);
const MIN_BLOCK_CHARS = 25;
// Share of the page's paragraph weight the cluster must hold.
const CLUSTER_SHARE = 0.7;

export function largestTextCluster(doc: Document, ctx: TidyContext): HTMLElement | null {
  const body = doc.body;
  if (!body) return null;
  const weight = new Map<Element, number>();
  let total = 0;
  for (const block of leafBlocks(body)) {
    if (!PARAGRAPH_TAGS.has(block.tagName.toUpperCase())) continue;
    const length = textOf(block).length;
    if (length < MIN_BLOCK_CHARS) continue;
    const w = length * (1 - linkDensity(block));
    if (w <= 0) continue;
    total += w;
    for (let el: Element | null = block; el && el !== body; el = el.parentElement) {
      weight.set(el, (weight.get(el) ?? 0) + w);
    }
  }
  if (total === 0) return null;
  let best: Element = body;
  let bestDepth = 0;
  for (const [el, w] of weight) {
    if (w < total * CLUSTER_SHARE) continue;
    let depth = 0;
    for (let p = el.parentElement; p; p = p.parentElement) depth++;
    if (depth > bestDepth) {
      best = el;
      bestDepth = depth;
    }
  }
  return tidyArticle(best as HTMLElement, ctx);
}
