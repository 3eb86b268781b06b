import { clauseGroups } from '../claims/clauses';
import type { Claim, Window } from '../matching/match';
import { keysOn, type PageIndex } from '../matching/page-index';
import { anchorPhrases, occurs, type Sentence, sentencesAround } from '../matching/page-sentences';
import { citeTerms, numbersAgree } from '../matching/terms';

/**
 * Whether a stretch of page holds a clause of the claim only by gathering its words from several
 * sentences. A window is a run of page words, so it can take the subject from one sentence and
 * what is said of it from the next: "the Walkley board" from one sentence and "wants the bill
 * passed before Parliament rises" (said of the Government) from the next; "the PS4 Pro" from the
 * sentence before the one with "tops out at 4.2 teraflops". The sentence holding most of a clause
 * is where the clause's names and numbers must be, unless that sentence names no one and no number
 * else in their place (then the page may well be saying it across two sentences, as pages do:
 * "The Bill would require…" after "the Data Retention Bill"). The sentence right before may lend
 * them when this one starts with a pronoun pointing back ("He thanked…"); a heading line belongs
 * to the line it names, and the page's title counts everywhere. The rule looks at no particular
 * word: only at where on the page the claim's words are.
 */

/** A sentence that starts by pointing back to the one before: "He", "It", "This", "Sie", "他". */
const ANAPHOR =
  /^[\s"'“‘(*_]*(?:(?:he|she|it|they|this|these|those|that|its|his|her|their|there|both|such|er|sie|es|dies\w*|diese[mnrs]?)\b|[他她它其该这此])/iu;

/**
 * Whether the sentence names something else where the claim names its thing: for a number, a
 * number the claim does not state ("a termination fee of $15 million" for the "$144 million" of the
 * sentence before); for a name, a name the claim does not have before the first of the claim's
 * words in the sentence, where its subject stands ("the Government … wants passed" for "the Walkley
 * board asked to pass").
 */
function rival(page: PageIndex, s: Sentence, claim: Claim, isNumber: boolean): boolean {
  const text = page.text.slice(s.start, s.end);
  const terms = citeTerms(text);
  const claimed = new Set(claim.terms.map((t) => t.key));
  const titled = new Set(page.title ? citeTerms(page.title.text).map((t) => t.key) : []);
  if (isNumber) {
    return terms.some(
      (t) =>
        t.value !== undefined &&
        !claim.terms.some((c) => c.value !== undefined && numbersAgree(c.value, t.value ?? 0)),
    );
  }
  const firstEnd = /^[^\p{L}\p{N}]*[\p{L}\p{N}]+/u.exec(text)?.[0].length ?? 0;
  for (const t of terms) {
    if (claimed.has(t.key)) return false;
    if (t.start < firstEnd || t.value !== undefined || titled.has(t.key)) continue;
    if (/^\p{Lu}/u.test(text.slice(t.start, t.end))) return true;
  }
  return false;
}

/**
 * Whether some clause of the claim names a thing (a run of capitalised words, a number) that the
 * window holds only outside the sentence where it holds the rest of that clause. `names` is false
 * for German, which capitalises every noun.
 */
export function scattered(
  text: string,
  claim: Claim,
  counted: readonly boolean[],
  w: Window,
  page: PageIndex,
  names: boolean,
): boolean {
  const sentences = sentencesAround(page, w);
  const inWindow = sentences.filter((s) => s.end > w.start && s.start < w.end);
  if (inWindow.length < 2) return false;
  const title = page.title;
  for (const group of clauseGroups(text, claim.terms)) {
    const where = new Map<number, boolean[]>();
    group.forEach((inGroup, i) => {
      const term = claim.terms[i];
      if (!inGroup || !counted[i] || !w.hit[i] || !term) return;
      if (title && keysOn(title, term).length > 0) return;
      const keys = term.value === undefined ? [term.key] : keysOn(page, term);
      const found = sentences.map((s) => occurs(page, keys, s));
      if (found.some(Boolean)) where.set(i, found);
    });
    if (where.size < 2) continue;
    const phrases = anchorPhrases(text, claim, group, names);
    let core = -1;
    let best = 0;
    sentences.forEach((s, k) => {
      if (!inWindow.includes(s)) return;
      let held = 0;
      for (const [i, found] of where) if (found[k]) held += claim.weights[i] ?? 0;
      if (held > best) {
        best = held;
        core = k;
      }
    });
    const coreSentence = sentences[core];
    if (!coreSentence) continue;
    const lends = ANAPHOR.test(page.text.slice(coreSentence.start, coreSentence.end));
    for (const phrase of phrases) {
      const found = phrase.flatMap((i) => where.get(i) ?? []);
      // A word of the phrase the window does not hold (or only the title does) is not misplaced.
      if (phrase.some((i) => counted[i] && !where.has(i))) continue;
      const inSentence = (k: number) => phrase.some((i) => where.get(i)?.[k] === true);
      if (found.length === 0 || inSentence(core)) continue;
      if (lends && inSentence(core - 1)) continue;
      const isNumber = phrase.some((i) => claim.terms[i]?.value !== undefined);
      if (!rival(page, coreSentence, claim, isNumber)) continue;
      return true;
    }
  }
  return false;
}
