import { dictionaryWords, FUNCTION_WORDS, scanWords } from '../../text/words';
import { stem } from './stem';
import { synonymKey } from './synonyms';

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

const STOP = new Set([
  ...FUNCTION_WORDS,
  ...(
    'according approximately around roughly nearly almost percent per cent while whereas both own via ' +
    'i.e e.g etc ' +
    // German, French and Spanish function words, so answers in those languages match on content.
    'der das den dem des ein eine einen einer eines einem und oder aus sich ist sind im am zu zum zur mit von ' +
    'für auf bei wird werden wurde hat haben jetzt noch auch nur wie als es sie er dass vom beim ins waren ' +
    'kann können muss soll sollen wurden worden bis nach um über unter vor durch gegen dann damit dabei ' +
    'etwa bereits schon sehr außerdem zudem allerdings jedoch diese dieser dieses diesem diesen sein seine ' +
    'seiner seinen ihre ihrer ihren ihr wir ich wenn aber doch zuerst zunächst ' +
    'le la les un une des du de et ou est sont dans pour par sur avec qui que au aux ce cette il elle ' +
    'el los las una unos y o es en para por con del al lo que se su sus'
  ).split(' '),
]);

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

// German "Billion" is a million million, so it is left out rather than read as the English one.
const SCALES = new Map<string, number>(
  Object.entries({
    thousand: 1e3,
    million: 1e6,
    billion: 1e9,
    trillion: 1e12,
    tausend: 1e3,
    millionen: 1e6,
    mio: 1e6,
    milliarde: 1e9,
    milliarden: 1e9,
    mrd: 1e9,
  }),
);
const CJK_SCALES = new Map<string, number>(Object.entries({ 万: 1e4, 亿: 1e8, 千: 1e3, 億: 1e8, 萬: 1e4 }));
const NUMBER = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;
/** German and French spelling: "8,4" is 8.4 and "1.786.300" is 1786300 ("1,400" stays 1400). */
const COMMA_DECIMAL = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$|^\d+,\d{1,2}$/;
/** A currency sign before a number stands for the currency's word. */
const CURRENCY = new Map<string, string>([
  ['$', 'dollar'],
  ['€', 'euro'],
]);
const POSSESSIVE = /['’]s$/u;
const NEGATED = /n['’]t$/u;
const INNER_DOT = /\.(?=\p{L})/gu;

export const numberKey = (value: number) => `#${Number(value.toPrecision(12))}`;

/** Receives each term: its key, the offsets of the words it came from, and a number's value. */
export type TermSink = (key: string, start: number, end: number, value?: number) => void;

function pairs(run: string, start: number, emit: TermSink): void {
  let prev = '';
  let prevAt = start;
  let at = start;
  let count = 0;
  for (const c of run) {
    if (prev) emit(prev + c, prevAt, at + c.length);
    prev = c;
    prevAt = at;
    at += c.length;
    count++;
  }
  if (count === 1) emit(run, start, at);
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
  else if (COMMA_DECIMAL.test(word)) r = Number(word.replace(/\./g, '').replace(',', '.'));
  // "weren't" and "did not" say the same thing; the auxiliary before it carries nothing.
  else if (NEGATED.test(word) || word === 'cannot') r = 'not';
  else if (STOP.has(word)) r = null;
  // "Node.js" and "nodejs", "U.S." and "US" are one word.
  else r = synonymKey(stem(word.replace(INNER_DOT, '')));
  if (readings.size > 50_000) readings.clear();
  readings.set(token, r);
  return r;
}

/**
 * Sends each matching term of a text to `emit`, in order, without building objects: a long run's
 * pages are indexed straight from the tokenizer.
 */
export function eachTerm(text: string, emit: TermSink): void {
  // A number waits for the next word: "1.4 thousand" and "1400万" are one value.
  let pending = false;
  let numberStart = 0;
  let numberEnd = 0;
  let numberValue = 0;
  const flush = () => {
    if (!pending) return;
    // "$500" says what "500 dollars" and German "500 Dollar" say.
    const currency = CURRENCY.get(text.charAt(numberStart - 1));
    if (currency) emit(currency, numberStart - 1, numberStart);
    emit(numberKey(numberValue), numberStart, numberEnd, numberValue);
    pending = false;
  };
  scanWords(text, (token, start, end, script) => {
    let run = token;
    let from = start;
    if (pending) {
      const scale = script === 'spaced' ? SCALES.get(token) : undefined;
      const cjkScale = script === 'cjk' && numberEnd === start ? CJK_SCALES.get(token.charAt(0)) : undefined;
      if (scale && /^\s*$/.test(text.slice(numberEnd, start))) {
        numberValue *= scale;
        numberEnd = end;
        flush();
        return;
      }
      if (cjkScale) {
        numberValue *= cjkScale;
        numberEnd = start + 1;
        run = token.slice(1);
        from = start + 1;
      }
      flush();
    }
    if (script === 'cjk') {
      if (run) pairs(run, from, emit);
      return;
    }
    if (script === 'dictionary') {
      dictionaryWords(token, (word, at) => emit(word, start + at, start + at + word.length));
      return;
    }
    const r = readWord(token);
    if (r === null) return;
    if (typeof r === 'string') {
      emit(r, start, end);
      return;
    }
    pending = true;
    numberStart = start;
    numberEnd = end;
    numberValue = r;
  });
  flush();
}

/** The matching terms of a text, in order. */
export function citeTerms(text: string): Term[] {
  const out: Term[] = [];
  eachTerm(text, (key, start, end, value) =>
    out.push(value === undefined ? { key, start, end } : { key, start, end, value }),
  );
  return out;
}

/**
 * Whether a number stated in an answer can stand for one on a page: equal, or the page's rounded
 * or cut to the answer's precision ("1.78 million" for 1,786,300, "14 million" for 13.96 million).
 */
export function numbersAgree(stated: number, onPage: number): boolean {
  if (stated === onPage) return true;
  const yearLike = Number.isInteger(stated) && stated >= 1000 && stated <= 2100;
  if (yearLike || onPage === 0 || Math.abs(stated - onPage) / Math.abs(onPage) > 0.05) return false;
  const digits = significantDigits(stated);
  if (digits < 2) return false;
  if (Number(onPage.toPrecision(digits)) === stated) return true;
  // Cut rather than rounded only at three digits or more: "29" is not how one states 29.6.
  if (digits < 3) return false;
  const unit = 10 ** (Math.floor(Math.log10(Math.abs(onPage))) - digits + 1);
  return Math.abs(Math.trunc(onPage / unit) * unit - stated) <= unit * 1e-6;
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
