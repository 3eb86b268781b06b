import { scanWords } from '../../text/words';
import { foldWord } from '../names/fold-word';
import {
  AMBIGUOUS_MONTHS,
  CJK_CURRENCY,
  CJK_NEGATION,
  CJK_SCALES,
  CURRENCY_SIGNS,
  CURRENCY_WORDS,
  CZECH_NEGATED_VERB,
  ELIDED,
  ELISION,
  MONTHS,
  NEGATION_WORDS,
  NUMBER_WORDS,
  PLURAL_OR_ORDINAL,
  SCALES,
  TITLES,
} from './anchor-words';
import type { Language } from './language-guess';

/**
 * What survives translation in a sentence: its numbers (however spelled: "8,4", "ocho millones",
 * "3000万"), months, the words of its names, and, for comparison with the claim, every word
 * folded to plain letters ("Souček" = "soucek") and the character pairs of its Chinese characters.
 * Whether a negation is stated is read from small per-language word lists.
 */
export interface Anchors {
  /** Numbers in order of appearance (a month is not one). */
  numbers: number[];
  /** Per number: the unit written onto it ("12GB" gives "gb"), and the word after it ("12 Pfund"). */
  units: Array<string | undefined>;
  after: Array<string | undefined>;
  months: Set<number>;
  /** Every Latin-script word, folded, with whether it was written with a capital. */
  words: AnchorWord[];
  /** Pairs of adjacent Han characters. */
  han: Set<string>;
  /** Currencies named or signed ("$10", "10 Dollar", "10美元" all give `usd`). */
  currencies: Set<string>;
  negated: boolean;
}

export interface AnchorWord {
  word: string;
  capital: boolean;
  first: boolean;
  afterTitle: boolean;
  /** Joined to the word before by a space or hyphen only ("Manchester City", "Wi-Fi"). */
  joined: boolean;
}

// What stands between two words of one name: spaces (no-break too), or a hyphen (read by char
// code: every word of every page passes here).
const HYPHENS = new Set([0x2d, 0x2010, 0x2011]);
function isSpaces(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0xa0) return false;
  }
  return true;
}

const NUMERIC =
  /^(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d{1,2})(\p{L}{0,3})$/u;

function numberOf(token: string): number | undefined {
  const m = NUMERIC.exec(token);
  if (m?.[1]) {
    const digits = m[1];
    // "1.786.300" and "8,4" are German or French; "1,400" and "8.4" English.
    if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$|^\d+,\d{1,2}$/.test(digits))
      return Number(digits.replace(/\./g, '').replace(',', '.'));
    return Number(digits.replace(/,/g, ''));
  }
  return NUMBER_WORDS.get(foldWord(token));
}

const HAN_CHAR = /\p{Script=Han}/u;

/** What a scan of one sentence has read so far, and where the word before ended. */
interface Scan {
  text: string;
  lang: Language;
  out: Anchors;
  months: Map<string, number> | undefined;
  negations: Set<string> | undefined;
  /** The number just read, while a scale word or unit may still follow it. */
  last: { value: number; end: number } | null;
  first: boolean;
  titleEnd: number;
  /** Where the last word (not a number) ended, while nothing else came after it. */
  wordEnd: number;
  prevLength: number;
}

/** A run of Chinese or Japanese: a scale or 月 on the number before, negations, currencies, Han pairs. */
function readCjk(scan: Scan, token: string, start: number): void {
  const { out, last } = scan;
  const c = token.charAt(0);
  const scale = CJK_SCALES.get(c);
  if (last && last.end === start && scale) out.numbers[out.numbers.length - 1] = last.value * scale;
  else if (last && last.end === start && c === '月') {
    out.numbers.pop();
    out.units.pop();
    out.after.pop();
    out.months.add(last.value);
  }
  if (CJK_NEGATION.test(token)) out.negated = true;
  for (const [word, currency] of CJK_CURRENCY) if (token.includes(word)) out.currencies.add(currency);
  let prev = '';
  for (const ch of token) {
    if (prev && HAN_CHAR.test(prev) && HAN_CHAR.test(ch)) out.han.add(prev + ch);
    prev = ch;
  }
  scan.last = null;
  scan.first = false;
  scan.wordEnd = -1;
}

/** A number, in digits or words: its value, a currency sign before it, a unit written onto it. */
function readNumber(scan: Scan, token: string, start: number, end: number, value: number): void {
  const { out } = scan;
  out.numbers.push(value);
  out.after.push(undefined);
  const sign = CURRENCY_SIGNS.get(scan.text.charAt(start - 1));
  if (sign) out.currencies.add(sign);
  // "256MB" names its unit as "256 MB" does.
  const unit = NUMERIC.exec(token)?.[2];
  if (unit)
    out.words.push({
      word: foldWord(unit),
      capital: true,
      first: false,
      afterTitle: false,
      joined: false,
    });
  out.units.push(unit && !PLURAL_OR_ORDINAL.has(unit) ? foldWord(unit) : undefined);
  scan.last = { value, end };
  scan.first = false;
  scan.wordEnd = -1;
}

/** A word that is no number: currency, month, negation, and the word itself with how it is written. */
function readWord(scan: Scan, token: string, start: number, end: number, elided: number, word: string): void {
  const { out, text, lang } = scan;
  const currency = CURRENCY_WORDS.get(word);
  if (currency) out.currencies.add(currency);
  // The token comes lower-cased: where the text differs from it, it has a capital.
  const original = text.slice(start + elided, end);
  const upper = original !== token.slice(elided);
  const capital = upper && /^\p{Lu}/u.test(original);
  const month = scan.months?.get(word);
  if (month && (!AMBIGUOUS_MONTHS.has(word) || (capital && !scan.first) || lang !== 'en'))
    out.months.add(month);
  const apostrophe = token.includes("'") || token.includes('’');
  if (
    scan.negations?.has(word) ||
    (apostrophe && ELIDED.test(token)) ||
    (lang === 'cs' && CZECH_NEGATED_VERB.test(word))
  )
    out.negated = true;
  // A name written inside a word ("DeepMind", "iPhone", "TOTP") is one even at the start.
  const inner = upper && /\p{Lu}/u.test(original.slice(1));
  // "Präsident Jimmy Carter": capitalised words right after a title (a space between) are a name.
  const afterTitle =
    scan.titleEnd >= 0 && (capital || inner) && /^ +$/.test(text.slice(scan.titleEnd, start));
  // A hyphen joins a part of two letters or fewer, no word of its own ("Wi-Fi", "T-Mobile"); longer
  // parts are compounds whose parts each translate ("HALT-Methode" = "HALT method").
  const { wordEnd } = scan;
  const joined =
    wordEnd >= 0 &&
    (isSpaces(text, wordEnd, start) ||
      (start - wordEnd === 1 &&
        HYPHENS.has(text.charCodeAt(wordEnd)) &&
        (end - start <= 2 || scan.prevLength <= 2)));
  scan.prevLength = end - start;
  out.words.push({ word, capital: capital || inner, first: scan.first && !inner, afterTitle, joined });
  scan.wordEnd = end;
  scan.titleEnd = TITLES.has(word) || afterTitle ? end : -1;
  scan.first = false;
}

export function anchorsOf(text: string, lang: Language): Anchors {
  const scan: Scan = {
    text,
    lang,
    out: {
      numbers: [],
      units: [],
      after: [],
      months: new Set(),
      words: [],
      han: new Set(),
      currencies: new Set(),
      negated: false,
    },
    months: MONTHS.get(lang),
    negations: NEGATION_WORDS.get(lang),
    last: null,
    first: true,
    titleEnd: -1,
    wordEnd: -1,
    prevLength: 0,
  };
  const { out } = scan;
  scanWords(text, (token, start, end, script) => {
    if (script === 'cjk') return readCjk(scan, token, start);
    if (script !== 'spaced') return;
    const apostrophe = token.includes("'") || token.includes('’');
    const elided = apostrophe ? (ELISION.exec(token)?.[0].length ?? 0) : 0;
    const word = foldWord(token.slice(elided));
    const c0 = token.charCodeAt(0);
    const value = c0 >= 48 && c0 <= 57 ? numberOf(token) : NUMBER_WORDS.get(word);
    const scale = SCALES.get(word);
    const { last } = scan;
    if (scale && last) {
      out.numbers[out.numbers.length - 1] = last.value * scale;
      scan.last = null;
      return;
    }
    if (value !== undefined) return readNumber(scan, token, start, end, value);
    if (last && /^\s*$/.test(text.slice(last.end, start))) out.after[out.after.length - 1] = word;
    scan.last = null;
    readWord(scan, token, start, end, elided, word);
  });
  return out;
}
