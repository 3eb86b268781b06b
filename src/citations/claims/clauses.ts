import type { Term } from '../matching/terms';

/**
 * Which parts of an answer make claims. Headings ("## Findings"), list labels ("Key points:",
 * "**Sources**", "- Pros") and table rules organise the answer and claim nothing, so they are never
 * cited and never flagged. A claim's text is read without its markdown, links, URLs, citation marks
 * the model wrote itself, and a leading "Label:".
 */

const HEADING = /^\s{0,3}#{1,6}\s/;
const TABLE = /^\s*\|/;
const RULE = /^\s*(?:[-*_]\s*){3,}$/;
const LIST_MARK = /^\s*(?:[-*+•]|\d+[.)])\s+/;
// A "_" or "*" inside a word ("generate_series", "snake_case") is part of it, not emphasis.
const EMPHASIS = /\*\*|__|[`~]|(?<![\p{L}\p{N}])[*_]|[*_](?![\p{L}\p{N}])/gu;
const END_PUNCT = /[.!?。！？…]["'”’)\]]*$/u;

/** Markdown list marker, quote marks and emphasis removed; whitespace squeezed. */
function plain(text: string): string {
  return text
    .replace(/^\s*>\s*/, '')
    .replace(LIST_MARK, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(EMPHASIS, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A heading or list label: organises the answer, claims nothing. */
export function isLabel(segment: string): boolean {
  const line = segment.trim();
  if (!line) return true;
  // The sentence splitter cuts an ordered list's "1. " off as a sentence of its own.
  if (!/[\p{L}\p{N}]/u.test(line) || /^\d+[.)]$/.test(line)) return true;
  if (HEADING.test(line) || TABLE.test(line) || RULE.test(line)) return true;
  // The splitter ends a sentence at a line break, so a label is a segment of its own.
  const text = plain(line);
  if (/[:：]$/.test(text) && text.split(/\s+/).length <= 12) return true;
  const bold = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)[^*_]+(?:\*\*|__)[:：]?\s*$/.test(line);
  if (bold && !END_PUNCT.test(text)) return true;
  return LIST_MARK.test(line) && !END_PUNCT.test(text) && text.split(/\s+/).length <= 3;
}

const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/g;
const OWN_MARKS = /\[\^?\d+(?:[,\s]+\d+)*\]/g;
// "**Speed:** The chip runs…" or "- Population: 14 million" — the label names the topic only.
const LEAD_LABEL =
  /^\s*(?:[-*+•]\s+|\d+[.)]\s+)?(?:\*\*|__)?([^:*_\n]{1,40}?)(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s+(?=\S)/u;

/** The words of a claim to match against pages. */
export function claimText(segment: string): string {
  const withoutLabel = segment.replace(LEAD_LABEL, (whole, label: string) =>
    label.trim().split(/\s+/).length <= 4 ? '' : whole,
  );
  return plain(withoutLabel.replace(URL, ' ').replace(OWN_MARKS, ' '));
}

// ", he grew up in England": a comma before a subject pronoun starts a clause with a subject of its own.
const CLAUSE_BREAK =
  /\s*(?:[;:—–]|\s-\s|[()]|,\s*(?:and|but|while|whereas|which|although|though|so|yet|(?=(?:he|she|they|it|we) ))\b|\s(?:and|but|while|whereas|although)\s)\s*/giu;

/** Character ranges of a claim's clauses; pieces too short to claim anything stay with a neighbour. */
export function clauseRanges(text: string): Array<[number, number]> {
  const cuts: Array<[number, number]> = [];
  let from = 0;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    const at = m.index ?? 0;
    cuts.push([from, at]);
    from = at + m[0].length;
  }
  cuts.push([from, text.length]);
  return cuts.filter(([a, b]) => b > a);
}

/** A clause with fewer terms than this claims too little to be matched on its own. */
export const MIN_CLAUSE_TERMS = 3;

const merged = (a: readonly boolean[], b: readonly boolean[]) => a.map((x, i) => x || (b[i] ?? false));

/** The claim's terms grouped by clause (a mask over `terms` each); short clauses join a neighbour. */
export function clauseGroups(text: string, terms: readonly Term[]): boolean[][] {
  const groups: boolean[][] = [];
  for (const [from, to] of clauseRanges(text)) {
    const mask = terms.map((t) => t.start >= from && t.start < to);
    const size = mask.filter(Boolean).length;
    const last = groups[groups.length - 1];
    if (size === 0) continue;
    // "…, and Thumper $20": a name and a number are a fact of their own, however short.
    const fact =
      terms.some((t, i) => mask[i] && t.value !== undefined) &&
      terms.some((t, i) => mask[i] && t.value === undefined && /^\p{Lu}/u.test(text.slice(t.start, t.end)));
    if (size < MIN_CLAUSE_TERMS && last && !fact) groups[groups.length - 1] = merged(last, mask);
    else groups.push(mask);
  }
  // A short first clause joins the one after it.
  const first = groups[0];
  const second = groups[1];
  if (first && second && first.filter(Boolean).length < MIN_CLAUSE_TERMS) {
    groups.splice(0, 2, merged(first, second));
  }
  return groups;
}
