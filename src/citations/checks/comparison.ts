import type { Claim, Window } from '../matching/match';
import type { PageIndex } from '../matching/page-index';
import { positionsIn, sentencesInWindow, wordPhrases } from '../matching/page-sentences';

/**
 * Whether the page compares the other way round: the claim says "A weighs two pounds less than
 * B", and the page's sentence with that comparison ("less") has B before it as its subject, with
 * A nowhere between ("The One S, in comparison, weighs two pounds less"). A page that names A
 * between ("Compared with B, A is lighter") or says it with another word is left alone.
 */
const THAN = /\s(?:than|als)\s/iu;

export function comparisonReversed(
  text: string,
  claim: Claim,
  counted: readonly boolean[],
  w: Window,
  page: PageIndex,
  names: boolean,
): boolean {
  const than = THAN.exec(text);
  if (!than) return false;
  const at = than.index;
  // The compared word: the claim's word right before "than" ("less", "heavier", "more").
  const compared = claim.terms.findLastIndex((t) => t.end <= at);
  const word = claim.terms[compared];
  if (!word || word.value !== undefined || !counted[compared] || !w.hit[compared]) return false;
  const phrases = wordPhrases(text, claim, counted, names);
  const after = phrases.find((p) => (claim.terms[p[0] ?? -1]?.start ?? -1) > at);
  const before = phrases.filter((p) => (claim.terms[p[0] ?? -1]?.start ?? Infinity) < at);
  if (!after || before.length === 0) return false;
  const keys = (p: readonly number[]) => p.flatMap((i) => claim.terms[i]?.key ?? []);
  for (const s of sentencesInWindow(page, w)) {
    for (const c of positionsIn(page, [word.key], s)) {
      const b = positionsIn(page, keys(after), s).filter((p) => p < c);
      if (b.length === 0) continue;
      const first = Math.min(...b);
      const between = before.some((p) => positionsIn(page, keys(p), s).some((x) => x > first && x < c));
      if (!between) return true;
    }
  }
  return false;
}
