import { splitSentences } from '../../text/sentences';
import type { Window } from '../matching/match';
import type { CorpusIndex, PageIndex } from '../matching/page-index';
import { numbersAgree } from '../matching/terms';
import { hasName, sameName } from '../names/name-forms';
import { statesPlace } from '../names/places';
import { type Anchors, anchorsOf } from './anchors';
import { type ClaimAnchors, claimAnchors, isCognate } from './cross-claim';
import { anotherNameBetween } from './cross-roles';
import { guessLanguage, type Language } from './language-guess';
import { bridgedFor, bridgedWords, bridgesName, isKnownName } from './lexicon';

/**
 * Citations for a claim written in another language than the page (a German answer from an English
 * page, an English one from a Chinese page). Word matching cannot see those, so this path looks
 * only at what translation keeps: numbers, months, currencies and names, plus long shared-prefix
 * cognates ("législation" / "legislation") and, between Chinese and Japanese, shared Han character
 * pairs. A page stretch of one or two sentences supports the claim when every number, month,
 * currency and name of the claim is in it, at least two anchors are (the words of one name count once), a
 * negation is stated on both sides or on neither,
 * and the claim's numbers come in the page's order (so "17 % against 3 %" is not "3 % against 17 %").
 * It runs only for claims the word matcher left unsupported, and only on pages in another language.
 * An English claim on a Chinese page also has its names and words looked up in a CC-CEDICT table
 * (cite-cross-lexicon.ts).
 */

interface Stretch {
  start: number;
  end: number;
  anchors: Anchors;
  /** Folded words of the stretch, for names and cognates. */
  words: Set<string>;
  /** The sentence after the stretch, when it states a negation: its first word. */
  deniedAfter?: string;
}

interface PageView {
  stretches: Stretch[];
}

/** All of a page's folded words and numbers, to pass over a page that lacks a name or number. */
interface PageWords {
  words: Set<string>;
  numbers: number[];
}

const MAX_SOURCES = 3;
/** Anchors a claim needs in one stretch. */
const MIN_ANCHORS = 2;

const views = new WeakMap<PageIndex, PageView>();
const corpusWords = new WeakMap<CorpusIndex, Set<string>>();
const languages = new WeakMap<PageIndex, Language>();

/** A page's language, from its opening (pages read in one run are mostly in one language each). */
function languageOf(page: PageIndex): Language {
  let lang = languages.get(page);
  if (lang === undefined) {
    lang = guessLanguage(page.text.slice(0, 5000));
    languages.set(page, lang);
  }
  return lang;
}

function merge(a: Anchors, b: Anchors): Anchors {
  const months = new Set([...a.months, ...b.months]);
  const han = new Set([...a.han, ...b.han]);
  const currencies = new Set([...a.currencies, ...b.currencies]);
  return {
    numbers: [...a.numbers, ...b.numbers],
    units: [...a.units, ...b.units],
    after: [...a.after, ...b.after],
    months,
    words: [...a.words, ...b.words],
    han,
    currencies,
    negated: false,
  };
}

const LINE_END = /[.!?。！？:;"”)]\s*$/u;

/**
 * A hard-wrapped page (lines of fixed width) has its single line breaks read as spaces, so a
 * sentence broken over lines is one sentence; the text keeps its length, so offsets still hold.
 */
function unwrapped(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim());
  const open = lines.filter((l) => !LINE_END.test(l)).length;
  if (lines.length < 10 || open < lines.length * 0.6) return text;
  return text.replace(/(?<!\n)\n(?!\n)/g, ' ');
}

function viewOf(page: PageIndex): PageView {
  let view = views.get(page);
  if (view) return view;
  const lang = languageOf(page);
  const sentences: Stretch[] = [];
  let at = 0;
  for (const s of splitSentences(unwrapped(page.text))) {
    const anchors = anchorsOf(s, lang);
    const words = new Set(anchors.words.map((w) => w.word));
    sentences.push({ start: at, end: at + s.trimEnd().length, anchors, words });
    at += s.length;
  }
  sentences.forEach((st, i) => {
    const next = sentences[i + 1];
    const subject = next?.anchors.words[0];
    if (next?.anchors.negated && subject?.capital) st.deniedAfter = subject.word;
  });
  const stretches = [...sentences];
  // Two adjacent sentences, for a claim that joins them; a negation counts from either.
  for (let i = 0; i + 1 < sentences.length; i++) {
    const a = sentences[i];
    const b = sentences[i + 1];
    if (!a || !b) continue;
    const anchors = { ...merge(a.anchors, b.anchors), negated: a.anchors.negated || b.anchors.negated };
    const words = new Set([...a.words, ...b.words]);
    stretches.push({ start: a.start, end: b.end, anchors, words, deniedAfter: b.deniedAfter });
  }
  view = { stretches };
  views.set(page, view);
  return view;
}

const pageWords = new WeakMap<PageIndex, PageWords>();

// One scan of the whole page: splitting it into sentences (Intl.Segmenter) costs far more, so that
// is done only for pages holding every name and number of some claim.
function wordsOfPage(page: PageIndex): PageWords {
  let out = pageWords.get(page);
  if (out) return out;
  const anchors = anchorsOf(page.text, languageOf(page));
  out = { words: new Set(anchors.words.map((w) => w.word)), numbers: anchors.numbers };
  pageWords.set(page, out);
  return out;
}

function wordsOf(corpus: CorpusIndex): Set<string> {
  let all = corpusWords.get(corpus);
  if (all) return all;
  all = new Set();
  for (const page of corpus.pages) for (const w of wordsOfPage(page).words) all.add(w);
  corpusWords.set(corpus, all);
  return all;
}

/**
 * Where each of the claim's numbers (the first of each value) first agrees with one of the
 * stretch's, or -1. A page number with its unit written onto it ("12GB") agrees only with a claim
 * number of that unit ("12 GB"), not with "12 Pfund".
 */
function numberPlaces(claim: Anchors, page: Anchors): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  claim.numbers.forEach((n, i) => {
    if (seen.has(n)) return;
    seen.add(n);
    const units = [claim.units[i], claim.after[i]];
    out.push(
      page.numbers.findIndex((p, j) => {
        const unit = page.units[j];
        return numbersAgree(n, p) && (unit === undefined || units.includes(unit));
      }),
    );
  });
  return out;
}

const pagePlaces = new WeakMap<PageIndex, Map<string, boolean>>();

function pageNamesPlace(page: PageIndex, code: string): boolean {
  let known = pagePlaces.get(page);
  if (!known) {
    known = new Map();
    pagePlaces.set(page, known);
  }
  let named = known.get(code);
  if (named === undefined) {
    named = statesPlace(code, page.text, wordsOfPage(page).words, languageOf(page));
    known.set(code, named);
  }
  return named;
}

/**
 * The names a stretch must hold. With the lexicon, also a capitalised first word it knows as a name
 * ("Google", "London"), which otherwise passes for any sentence's first word: else "Microsoft
 * bought …" would be cited from 谷歌收购了… by its other anchors.
 */
function namesOf(c: ClaimAnchors, bridged: boolean): string[] {
  const w = c.anchors.words[0];
  if (!bridged || !w?.first || !w.capital || !isKnownName(w.word)) return c.names;
  return [...c.names, w.word];
}

/** `bridged`: an English claim on a Chinese page, whose words the lexicon translates (cite-cross-lexicon.ts). */
function supports(c: ClaimAnchors, s: Stretch, page: PageIndex, bridged: boolean): boolean {
  const a = c.anchors;
  const places = numberPlaces(a, s.anchors);
  if (places.some((p) => p < 0)) return false;
  for (const m of a.months) if (!s.anchors.months.has(m) && !s.anchors.numbers.includes(m)) return false;
  for (const cur of a.currencies) if (!s.anchors.currencies.has(cur)) return false;
  const zh = bridged ? bridgedFor(s, () => page.text.slice(s.start, s.end)) : null;
  const held = (n: string) => hasName(s.words, n) || (zh !== null && bridgesName(zh, n, c.fullNames.has(n)));
  if (!namesOf(c, bridged).every(held)) return false;
  // A region the claim names is an anchor where the stretch names it too; named only elsewhere on the
  // page (a New York paper's "American" for the claim's "USA"), it is the page's setting, no anchor;
  // named nowhere on the page, the claim says something the page does not (日本政府 …).
  let regions = 0;
  const text = c.places.size > 0 ? page.text.slice(s.start, s.end) : '';
  for (const code of c.places) {
    if (statesPlace(code, text, s.words, languageOf(page))) regions++;
    else if (!pageNamesPlace(page, code)) return false;
  }
  const strong = places.length + a.months.size + c.entities + regions;
  if (strong === 0) return false;
  let found = strong + a.currencies.size;
  for (const w of c.others) if (isCognate(s.words, w)) found++;
  if (zh) found += bridgedWords(c.others, zh);
  for (const pair of a.han) if (s.anchors.han.has(pair)) found++;
  if (found < MIN_ANCHORS) return false;
  if (a.negated !== s.anchors.negated) return false;
  // "…says Katie Allen. She directs a centre in Melbourne. Allen was not involved in the research.":
  // a sentence right after that opens with one of the claim's names and denies something takes
  // the claim back.
  const denied = s.deniedAfter;
  if (!a.negated && denied && c.names.some((n) => sameName(denied, n))) return false;
  // Numbers keep their order across languages; two swapped ones give each the other's fact.
  for (let i = 1; i < places.length; i++) if ((places[i] ?? 0) < (places[i - 1] ?? 0)) return false;
  return !anotherNameBetween(c, s.anchors.words, languageOf(page));
}

/** Windows of pages in another language than the claim that support it, best page first; null when none. */
export function crossLanguageSupport(claim: string, corpus: CorpusIndex): Window[] | null {
  const c = claimAnchors(claim, () => wordsOf(corpus));
  // Without a number, month or name there is nothing a page in another language could be held to.
  if (
    c.lang === 'unknown' ||
    c.anchors.numbers.length + c.anchors.months.size + c.names.length + c.places.size === 0
  )
    return null;
  const out: Window[] = [];
  corpus.pages.forEach((page, p) => {
    const lang = languageOf(page);
    if (out.length >= MAX_SOURCES || lang === c.lang || lang === 'unknown') return;
    const all = wordsOfPage(page);
    const bridged = c.lang === 'en' && lang === 'zh';
    const pageZh = () => bridgedFor(all, () => page.text);
    const named = (n: string) =>
      hasName(all.words, n) || (bridged && bridgesName(pageZh(), n, c.fullNames.has(n)));
    if (!namesOf(c, bridged).every(named)) return;
    if (!c.anchors.numbers.every((n) => all.numbers.some((v) => numbersAgree(n, v)))) return;
    const view = viewOf(page);
    // Single sentences come first in the list, so the shortest stretch is the one quoted.
    const s = view.stretches.find((st) => supports(c, st, page, bridged));
    if (s) out.push({ page: p, share: 1, start: s.start, end: s.end, hit: [], from: 0, to: 0 });
  });
  return out.length > 0 ? out : null;
}
