import type { Claim, Window } from '../matching/match';
import { citeTerms } from '../matching/terms';

/**
 * The items of a list the claim gives ("latency, traffic, errors and cost"): each is a fact of
 * its own, so each must be in the stretch. The share rule alone lets one item of four be missing,
 * and a list with one item swapped for another ("cost" for "saturation") then passes.
 */

// Items: up to four words each, split by commas (or 、), the last after "and"/"or".
const ITEM = String.raw`[^\s,;:、()]+(?:\s+[^\s,;:、()]+){0,3}`;
const LIST = new RegExp(
  String.raw`${ITEM}(?:\s*[,、]\s*${ITEM}){1,}\s*,?\s+(?:and|or|und|oder|et|ou|y|o)\s+${ITEM}|${ITEM}(?:、${ITEM}){2,}`,
  'giu',
);
const SPLIT = /\s*[,、]\s*|\s+(?:and|or|und|oder|et|ou|y|o)\s+/iu;

/** Character ranges of the items of each list in the claim. */
function listItems(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(LIST)) {
    const at = m.index ?? 0;
    let from = 0;
    const body = m[0];
    const cuts = [...body.matchAll(new RegExp(SPLIT.source, 'giu'))];
    cuts.forEach((c) => {
      out.push([at + from, at + (c.index ?? 0)]);
      from = (c.index ?? 0) + c[0].length;
    });
    out.push([at + from, at + body.length]);
  }
  return out;
}

/** Whether an item of a list the claim gives has none of its words in the window. */
export function listItemMissing(text: string, claim: Claim, counted: readonly boolean[], w: Window): boolean {
  const items = listItems(text);
  if (items.length < 3) return false;
  for (const [from, to] of items) {
    // A claim keeps one term per word, so an item's word said earlier in the sentence ("the
    // Heartbeat Controller serves … and Heartbeat calls") is found under that first place.
    const keys = new Set(citeTerms(text.slice(from, to)).map((t) => t.key));
    const inItem = claim.terms
      .map((t, i) => (counted[i] && ((t.start >= from && t.start < to) || keys.has(t.key)) ? i : -1))
      .filter((i) => i >= 0);
    if (inItem.length > 0 && !inItem.some((i) => w.hit[i])) return true;
  }
  return false;
}
