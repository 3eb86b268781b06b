import type { Claim, Window } from '../matching/match';
import type { PageIndex } from '../matching/page-index';
import { positionsIn, sentencesInWindow, wordPhrases } from '../matching/page-sentences';

/** A passive or a source ("replaced by", "von", "被") lets the doer come after the verb. */
const PASSIVE = /\b(?:by|von|durch|from|par|por)\b|[被由]/iu;

const CLAUSE = /[,;:—–()]|\b(?:and|but|while|whereas|which|although|und|aber|während)\b/iu;
/** How many words of the claim may stand between the two things and still be one relation. */
const MAX_BETWEEN = 3;

/**
 * Whether the page's sentence says the claim's relation the other way round: two things the claim
 * names on either side of a word ("App Manager replaces WebIDE") stand on the page on the other
 * sides of that same word ("WebIDE … replaces App Manager"; "Lorenz had written: special thanks
 * are due to Ellen Fetter" for "Ellen Fetter thanked Lorenz"). A passive or "by" on either side
 * can turn the order round without changing who does what, so it is left alone.
 */
export function rolesSwapped(
  text: string,
  claim: Claim,
  counted: readonly boolean[],
  w: Window,
  page: PageIndex,
  names: boolean,
): boolean {
  const phrases = wordPhrases(text, claim, counted, names).filter((p) => p.every((i) => w.hit[i]));
  if (phrases.length < 2) return false;
  const keysOf = (i: number) => {
    const t = claim.terms[i];
    return t ? [t.key] : [];
  };
  const sentences = sentencesInWindow(page, w);
  for (let a = 0; a < phrases.length; a++) {
    for (let b = a + 1; b < phrases.length; b++) {
      const first = phrases[a] ?? [];
      const second = phrases[b] ?? [];
      const aEnd = Math.max(...first);
      const bStart = Math.min(...second);
      const between = text.slice(claim.terms[aEnd]?.end ?? 0, claim.terms[bStart]?.start ?? 0);
      // Only a relation stated in a few words of one clause ("A replaces B", "A thanked B").
      if (PASSIVE.test(between) || CLAUSE.test(between) || bStart - aEnd > MAX_BETWEEN + 1) continue;
      const verbs: number[] = [];
      claim.terms.forEach((t, i) => {
        const inside =
          t.start > (claim.terms[aEnd]?.start ?? 0) && t.start < (claim.terms[bStart]?.start ?? 0);
        if (
          inside &&
          counted[i] &&
          w.hit[i] &&
          t.value === undefined &&
          !/^\p{Lu}/u.test(text.slice(t.start, t.end))
        )
          verbs.push(i);
      });
      if (verbs.length === 0) continue;
      for (const s of sentences) {
        const pa = first.flatMap((i) => positionsIn(page, keysOf(i), s));
        const pb = second.flatMap((i) => positionsIn(page, keysOf(i), s));
        if (pa.length === 0 || pb.length === 0) continue;
        const pv = verbs.flatMap((i) => positionsIn(page, keysOf(i), s));
        const same = pv.some((v) => pa.some((x) => x < v) && pb.some((y) => y > v));
        const swapped = pv.some((v) => pb.some((y) => y < v) && pa.some((x) => x > v));
        if (!swapped || same) continue;
        const lo = Math.min(...pb);
        const hi = Math.max(...pa);
        if (PASSIVE.test(page.text.slice(page.starts[lo] ?? 0, page.ends[hi] ?? 0))) continue;
        return true;
      }
    }
  }
  return false;
}
