import { wordSpans } from '../text/words';
import { stem } from './cite-stem';

/**
 * Terms for citation matching, each with the offsets of the words it came from (so a match can be
 * quoted). Words are stemmed and function words dropped; numbers become their value ("1,400",
 * "1400", "1.4 thousand" and "1400万"'s digits all read the same way); Chinese and Japanese become
 * overlapping character pairs, so a word matches inside a longer compound without a dictionary.
 */
export interface Term {
  key: string;
  start: number;
  end: number;
  /** For numbers: the value, so "about 14 million" can meet "13.96 million". */
  value?: number;
}

const STOP = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have he her his how i if ' +
    'in into is it its me my of on or our she should so than that the their them then there these they this ' +
    'those to was we were what when where which who whom whose why will with would you your about also any ' +
    'after before between during each just may might more most must other over some such under us ' +
    'according approximately around roughly nearly almost percent per cent while whereas both own via ' +
    'i.e e.g etc ' +
    // German, French and Spanish function words, so answers in those languages match on content.
    'der das den dem des ein eine einer eines einem und oder aus sich ist sind im am zu zum zur mit von ' +
    'für auf bei wird werden wurde hat haben jetzt noch auch nur wie als es sie er dass ' +
    'le la les un une des du de et ou est sont dans pour par sur avec qui que au aux ce cette il elle ' +
    'el los las una unos y o es en para por con del al lo que se su sus'
  ).split(' '),
);

const WORD_NUMBERS = new Map<string, number>(
  Object.entries({
    zero: 0,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
    twenty: 20,
    thirty: 30,
    forty: 40,
    fifty: 50,
    sixty: 60,
    seventy: 70,
    eighty: 80,
    ninety: 90,
    hundred: 100,
    thousand: 1000,
    dozen: 12,
  }),
);

const SCALES = new Map<string, number>(
  Object.entries({ thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 }),
);
const CJK_SCALES = new Map<string, number>(Object.entries({ 万: 1e4, 亿: 1e8, 千: 1e3, 億: 1e8, 萬: 1e4 }));
const NUMBER = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;
const POSSESSIVE = /['’]s$/u;
const NEGATED = /n['’]t$/u;
const INNER_DOT = /\.(?=\p{L})/gu;

export const numberKey = (value: number) => `#${Number(value.toPrecision(12))}`;

function numberTerm(value: number, start: number, end: number): Term {
  return { key: numberKey(value), start, end, value };
}

function pairs(run: string, start: number, out: Term[]): void {
  const chars: Array<{ c: string; at: number }> = [];
  let at = start;
  for (const c of run) {
    chars.push({ c, at });
    at += c.length;
  }
  if (chars.length === 1) out.push({ key: run, start, end: at });
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (a && b) out.push({ key: a.c + b.c, start: a.at, end: b.at + b.c.length });
  }
}

let segmenter: Intl.Segmenter | undefined;

function dictionaryWords(run: string, start: number, out: Term[]): void {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (const s of segmenter.segment(run))
    if (s.isWordLike)
      out.push({ key: s.segment, start: start + s.index, end: start + s.index + s.segment.length });
}

// Pages repeat their words: reading each distinct word once (its key, a number's value, or null
// for a function word) keeps a 40-page run fast.
const readings = new Map<string, string | number | null>();

function readWord(token: string): string | number | null {
  let r = readings.get(token);
  if (r !== undefined) return r;
  const word = token.replace(POSSESSIVE, '');
  const wordValue = WORD_NUMBERS.get(word);
  if (wordValue !== undefined) r = wordValue;
  else if (NUMBER.test(word)) r = Number(word.replace(/,/g, ''));
  // "weren't" and "did not" say the same thing; the auxiliary before it carries nothing.
  else if (NEGATED.test(word)) r = 'not';
  else if (STOP.has(word)) r = null;
  // "Node.js" and "nodejs", "U.S." and "US" are one word.
  else r = stem(word.replace(INNER_DOT, ''));
  if (readings.size > 50_000) readings.clear();
  readings.set(token, r);
  return r;
}

/** The matching terms of a text, in order. */
export function citeTerms(text: string): Term[] {
  const spans = wordSpans(text);
  const out: Term[] = [];
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i];
    if (!span) continue;
    if (span.script === 'cjk') {
      let run = span.token;
      let start = span.start;
      const prev = out[out.length - 1];
      const scale = CJK_SCALES.get(run.charAt(0));
      if (scale && prev?.value !== undefined && prev.end === span.start) {
        out[out.length - 1] = numberTerm(prev.value * scale, prev.start, span.start + 1);
        run = run.slice(1);
        start += 1;
      }
      if (run) pairs(run, start, out);
      continue;
    }
    if (span.script === 'dictionary') {
      dictionaryWords(span.token, span.start, out);
      continue;
    }
    const r = readWord(span.token);
    if (r === null) continue;
    if (typeof r === 'string') {
      out.push({ key: r, start: span.start, end: span.end });
      continue;
    }
    let value = r;
    let end = span.end;
    const next = spans[i + 1];
    const scale = next ? SCALES.get(next.token) : undefined;
    if (next && scale && /^\s*$/.test(text.slice(span.end, next.start))) {
      value *= scale;
      end = next.end;
      i++;
    }
    out.push(numberTerm(value, span.start, end));
  }
  return out;
}

/** Whether a number stated in an answer can stand for one on a page: equal, or the page's rounded to the answer's precision. */
export function numbersAgree(stated: number, onPage: number): boolean {
  if (stated === onPage) return true;
  const yearLike = Number.isInteger(stated) && stated >= 1000 && stated <= 2100;
  if (yearLike || onPage === 0 || Math.abs(stated - onPage) / Math.abs(onPage) > 0.05) return false;
  const digits = significantDigits(stated);
  if (digits < 2) return false;
  return (
    Number(onPage.toPrecision(digits)) === stated && Math.abs(stated - onPage) / Math.abs(onPage) <= 0.05
  );
}

function significantDigits(n: number): number {
  const s = Math.abs(n)
    .toPrecision(12)
    .replace(/e.*$/, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.max(1, s.length);
}
