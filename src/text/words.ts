/**
 * The one word tokenizer, for counting words and for matching text against text.
 *
 * Scripts with spaces split at word boundaries, keeping apostrophes and dots inside words ("don't",
 * "U.S", "example.com") and grouped numbers ("3.14", "1,400") whole, as Unicode's word rules do.
 * Thai, Lao, Khmer and Myanmar have no spaces: `Intl.Segmenter` finds their words with ICU's
 * dictionaries. Chinese, Japanese and Korean need no dictionary: they count by character and
 * match by character pairs, which also find a word inside a longer compound.
 *
 * Only those four scripts go through Intl.Segmenter: V8 before 12.3 (Node 20) segments in quadratic
 * time at several microseconds a word (https://crbug.com/326176949), and a 100 KB page took 24 s.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const DICTIONARY = '\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}';
const CHAR = `[[\\p{L}\\p{N}\\p{M}]--[${CJK}${DICTIONARY}]]`;
const JOIN = `(?:['’.]|(?<=\\p{N}),(?=\\p{N}))`;
const TOKEN = new RegExp(
  `[${CJK}][${CJK}\\p{M}ー]*|[${DICTIONARY}][${DICTIONARY}\\p{M}]*|${CHAR}+(?:${JOIN}${CHAR}+)*`,
  'gv',
);
const CJK_START = new RegExp(`^[${CJK}]`, 'u');
const DICTIONARY_START = new RegExp(`^[${DICTIONARY}]`, 'u');

let segmenter: Intl.Segmenter | undefined;

/** Each word ICU's dictionaries find in a Thai, Lao, Khmer or Myanmar run, with where it starts in the run. */
export function dictionaryWords(run: string, visit: (word: string, at: number) => void): void {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (const s of segmenter.segment(run)) if (s.isWordLike) visit(s.segment, s.index);
}

/** Splits lower-cased text into tokens; CJK runs go to `cjk` whole, so each use picks its unit. */
function scan(text: string, cjk: (run: string, out: string[]) => void): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN)) {
    const token = m[0];
    if (CJK_START.test(token)) cjk(token, out);
    else if (DICTIONARY_START.test(token)) dictionaryWords(token, (word) => out.push(word));
    else out.push(token);
  }
  return out;
}

/** A token of the text and where it stands (UTF-16 offsets), lower-cased; CJK and dictionary-script runs whole. */
export interface WordSpan {
  token: string;
  start: number;
  end: number;
  script: 'cjk' | 'dictionary' | 'spaced';
}

/**
 * Visits each token of the text with its offsets, lower-cased, without building an object per
 * token: a long run's pages hold hundreds of thousands of words, and the objects cost more than
 * the scan.
 */
export function scanWords(
  text: string,
  visit: (token: string, start: number, end: number, script: WordSpan['script']) => void,
): void {
  // One lower-casing of the whole text, when that keeps offsets (it nearly always does).
  const lower = text.toLowerCase();
  const same = lower.length === text.length;
  const re = new RegExp(TOKEN);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (!isAsciiWordChar(c)) {
        i++;
        continue;
      }
      // Most of a page is ASCII: its words are read by hand, as the token pattern would read
      // them, and only a word that meets another script goes to the (much slower) pattern.
      const end = asciiWordEnd(text, i);
      if (end > 0) {
        visit(same ? lower.slice(i, end) : text.slice(i, end).toLowerCase(), i, end, 'spaced');
        i = end;
        continue;
      }
    }
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) return;
    const start = m.index;
    const raw = m[0];
    const end = start + raw.length;
    // Every script without spaces starts at U+0E00 (Thai) or later: most tokens skip both tests.
    const script =
      raw.charCodeAt(0) < 0x0e00
        ? 'spaced'
        : CJK_START.test(raw)
          ? 'cjk'
          : DICTIONARY_START.test(raw)
            ? 'dictionary'
            : 'spaced';
    visit(same ? lower.slice(start, end) : raw.toLowerCase(), start, end, script);
    i = end;
  }
}

const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

/**
 * Where an all-ASCII word starting at `i` ends (joined by an apostrophe, a dot, or a comma between
 * digits, as TOKEN joins them), or -1 when it runs into a non-ASCII letter, mark or apostrophe.
 */
function asciiWordEnd(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  for (;;) {
    while (j < n && isAsciiWordChar(text.charCodeAt(j))) j++;
    if (j >= n) return j;
    const d = text.charCodeAt(j);
    if (d >= 0x80) return d === 0x2019 || d >= 0xd800 || WORD_CHAR.test(text.charAt(j)) ? -1 : j;
    const next = j + 1 < n ? text.charCodeAt(j + 1) : 0;
    const joins = d === 39 || d === 46 || (d === 44 && isDigit(text.charCodeAt(j - 1)) && isDigit(next));
    if (!joins) return j;
    if (next >= 0x80) return -1;
    if (!isAsciiWordChar(next)) return j;
    j += 2;
  }
}

/** Tokens with their offsets in `text`, for code that must quote the words it matched. */
export function wordSpans(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  scanWords(text, (token, start, end, script) => out.push({ token, start, end, script }));
  return out;
}

/** Korean is written with spaces between words; Chinese and Japanese count by character. */
function cjkCount(run: string, out: string[]): void {
  for (const m of run.matchAll(/[\p{Script=Hangul}\p{M}]+|./gsu)) out.push(m[0]);
}

/** Lower-cased words of a text, for counting and overlap scores. */
export function words(text: string): string[] {
  return scan(text, cjkCount);
}

/**
 * English function words that carry no topic (negations and numbers still count): the one list, which
 * the evidence ranking and the citation matcher each extend with words of their own.
 */
export const FUNCTION_WORDS: readonly string[] = (
  'a an and are as at be been being but by can could did do does for from had has have he her his how i if ' +
  'in into is it its me my of on or our she should so than that the their them then there these they this ' +
  'those to was we were what when where which who whom whose why will with would you your about also any ' +
  'after before between during each just may might more most must other over some such under us'
).split(' ');

// Words of the visit goal's own phrasing count as stop words for ranking a page's passages.
const STOP_WORDS = new Set([
  ...FUNCTION_WORDS,
  ...'find information page pages please tell user goal question'.split(' '),
]);

const POSSESSIVE = /['’]s$/u;

function cjkPairs(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) out.push(run);
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
}

/**
 * Terms for matching text against text (passage ranking, citations, answer votes): words without
 * stop words or a possessive 's; Chinese, Japanese and Korean as overlapping character pairs.
 */
export function matchTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of scan(text, cjkPairs)) {
    // "Zealand's" should match "Zealand".
    const word = token.replace(POSSESSIVE, '');
    if (!STOP_WORDS.has(word)) out.push(word);
  }
  return out;
}
