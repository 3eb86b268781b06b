import { clauseGroups } from './cite-claims';
import { keysOn, type PageIndex } from './cite-index';
import type { Claim, Window } from './cite-match';
import { anchorPhrases, occurs, type Sentence, sentencesAround, termAt } from './cite-page-sentences';
import { citeTerms, numbersAgree } from './cite-terms';

/**
 * Whether a stretch of page holds a clause of the claim only by gathering its words from several
 * sentences. A window is a run of page words, so it can take the subject from one sentence and
 * what is said of it from the next: "the Walkley board" from one sentence and "wants the bill
 * passed before Parliament rises" (said of the Government) from the next; "the PS4 Pro" from the
 * sentence after the one with the One X's "12GB of RAM"; a glossary's definition with the name of
 * the next entry. Each clause of the claim has to find its words in one sentence of the page, the
 * sentence that holds most of them. The sentence right before may lend words when it is a
 * heading line (the entry's name) or when the sentence starts with a pronoun that points back to
 * it ("He thanked…"); the page's title counts everywhere. The rule looks at no particular word:
 * only at where on the page the claim's words are.
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

/** The heading line a sentence starts with ("White-box monitoring\nMonitoring based on…"), as a term range. */
function headingOf(page: PageIndex, s: Sentence): Sentence | null {
  const text = page.text.slice(s.start, s.end);
  const br = text.search(/\n(?=[^\n]*\S)/);
  if (br <= 0) return null;
  const end = s.start + br;
  const line = text.slice(0, br).trim();
  if (!line || /[.!?。！？:;,]["'”’)\]]*$/u.test(line)) return null;
  return { start: s.start, end, from: s.from, to: termAt(page, end) };
}

/**
 * Whether the clause takes what one entry of a glossary or list says with the name of another
 * entry: the sentence holding the clause opens with a heading the claim does not name, and words
 * of the claim stand only in another sentence's heading ("Black-box monitoring is based on metrics
 * exposed by the internals" from "White-box monitoring: Monitoring based on metrics exposed by the
 * internals…", next to "Black-box monitoring: Testing…").
 */
function otherEntry(
  page: PageIndex,
  sentences: readonly Sentence[],
  core: number,
  claim: Claim,
  where: ReadonlyMap<number, boolean[]>,
): boolean {
  const coreSentence = sentences[core];
  const own = coreSentence && headingOf(page, coreSentence);
  if (!own) return false;
  const keysIn = (s: Sentence) =>
    [...where.keys()].filter((i) => occurs(page, [claim.terms[i]?.key ?? ''], s));
  // The heading names something the claim does not ("White-box" for "Black-box").
  const claimed = new Set(claim.terms.map((t) => t.key));
  const heading = citeTerms(page.text.slice(own.start, own.end));
  if (heading.every((t) => claimed.has(t.key))) return false;
  return [...where.entries()].some(([i, found]) => {
    if (found[core]) return false;
    return sentences.some((s, k) => {
      const heading = found[k] ? headingOf(page, s) : null;
      return heading !== null && keysIn(heading).includes(i);
    });
  });
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
    // The sentence holding most of what the clause says of its names and numbers (its other
    // words); only names and numbers, then, if the clause is nothing else.
    const phrases = anchorPhrases(text, claim, group, names);
    const named = new Set(phrases.flat());
    const said = [...where.keys()].filter((i) => !named.has(i));
    const scored = said.length > 0 ? said : [...where.keys()];
    let core = -1;
    let best = 0;
    sentences.forEach((s, k) => {
      if (!inWindow.includes(s)) return;
      let held = 0;
      for (const i of scored) if (where.get(i)?.[k]) held += claim.weights[i] ?? 0;
      if (held > best) {
        best = held;
        core = k;
      }
    });
    const coreSentence = sentences[core];
    if (!coreSentence) continue;
    if (otherEntry(page, sentences, core, claim, where)) return true;
    const lends = ANAPHOR.test(page.text.slice(coreSentence.start, coreSentence.end));
    for (const phrase of phrases) {
      const found = phrase.flatMap((i) => where.get(i) ?? []);
      // A word of the phrase the window does not hold (or only the title does) is not misplaced.
      if (phrase.some((i) => counted[i] && !where.has(i))) continue;
      const inSentence = (k: number) => phrase.some((i) => where.get(i)?.[k] === true);
      if (found.length === 0 || inSentence(core)) continue;
      if (lends && inSentence(core - 1)) continue;
      // Its own sentence may say what the clause says of it ("2 million people get sick … About
      // 23,000 die" for "23,000 people die"): then it is not taken from there.
      const ownSay = sentences.some(
        (_, k) => k !== core && inSentence(k) && said.some((i) => where.get(i)?.[k] && !where.get(i)?.[core]),
      );
      if (ownSay) continue;
      const isNumber = phrase.some((i) => claim.terms[i]?.value !== undefined);
      if (!rival(page, coreSentence, claim, isNumber)) continue;
      return true;
    }
  }
  return false;
}
