/**
 * A goal-focused summary without a model: the page's sentences ranked (BM25) against the visit goal
 * and the research question, best first. DR-Venus learned from summaries that answer the goal,
 * often stating the answer outright; a page's lead rarely does that, its best-matching sentences do.
 */
import { markdownToReadableText, words } from '../../../extract/words';
import { sentences } from '../../../text/sentences';
import type { Passage } from './passages';
import { rankPassages } from './rank';
import type { TokenCounter } from './select';

/** Fragments shorter than this (menus, captions, "Learn more") say too little to summarise with. */
const MIN_WORDS = 5;

/**
 * A passage's prose, line by line: code blocks left out (rarely a summary), list marks and
 * emphasis removed, so list items and lines stay apart instead of running into one sentence.
 */
function proseLines(markdown: string): string[] {
  return markdown
    .replace(/^\s*(```|~~~)[\s\S]*?^\s*\1.*$/gm, '')
    .split('\n')
    .map((line) =>
      markdownToReadableText(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^>\s?/, ''))
        .replace(/(^|[\s(])([*_])(\S(?:.*?\S)?)\2(?=[\s).,;:!?]|$)/g, '$1$3')
        .trim(),
    )
    .filter(Boolean);
}

/** Every sentence of the page as a one-sentence passage that keeps its heading. */
function sentencePassages(passages: readonly Passage[]): Passage[] {
  const out: Passage[] = [];
  const seen = new Set<string>();
  for (const p of passages) {
    for (const s of proseLines(p.text).flatMap(sentences)) {
      const wordCount = words(s).length;
      if (wordCount < MIN_WORDS || seen.has(s)) continue;
      seen.add(s);
      out.push({ index: out.length, heading: p.heading, text: s, wordCount });
    }
  }
  return out;
}

/** The best-matching sentences, best first, as many as fit `budget` tokens; '' when none matches. */
export function goalSummary(
  passages: readonly Passage[],
  query: string,
  budget: number,
  count: TokenCounter,
): string {
  const ranked = rankPassages(sentencePassages(passages), query);
  let text = '';
  for (const { passage } of ranked) {
    const next = text ? `${text} ${passage.text}` : passage.text;
    if (count(next) > budget) {
      if (text) break;
      // Even the best sentence alone is too long: keep its beginning rather than nothing.
      let cut = passage.text;
      while (cut && count(`${cut}…`) > budget) cut = cut.slice(0, Math.floor(cut.length * 0.8));
      return cut ? `${cut.trimEnd()}…` : '';
    }
    text = next;
  }
  return text;
}
