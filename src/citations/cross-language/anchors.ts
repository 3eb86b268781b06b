import { scanWords } from '../../text/words';
import { foldWord } from '../names/fold-word';
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

const entries = (s: string, from = 0) => s.split(' ').map((w, i) => [w, i + from] as const);

// Number words of the languages read here; "one"/"ein"/"un"/"uno" are left out, as they are
// also articles. Folded, as the words are compared folded.
const NUMBER_WORDS = new Map<string, number>([
  ...entries('zero _ two three four five six seven eight nine ten eleven twelve'),
  ...entries('null _ zwei drei vier funf sechs sieben acht neun zehn elf zwolf'),
  ...entries('zero _ deux trois quatre cinq six sept huit neuf dix onze douze'),
  ...entries('cero _ dos tres cuatro cinco seis siete ocho nueve diez once doce'),
  ...entries('nula _ dva tri ctyri pet sest sedm osm devet deset jedenact dvanact'),
  ...entries('_ _ twenty thirty forty fifty sixty seventy eighty ninety').map(
    ([w, i]) => [w, i * 10] as const,
  ),
  ...entries('_ _ zwanzig dreissig vierzig funfzig sechzig siebzig achtzig neunzig').map(
    ([w, i]) => [w, i * 10] as const,
  ),
  ...entries('_ _ vingt trente quarante cinquante soixante').map(([w, i]) => [w, i * 10] as const),
  ...entries('_ _ veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa').map(
    ([w, i]) => [w, i * 10] as const,
  ),
  ...entries('_ _ dvacet tricet ctyricet padesat sedesat sedmdesat osmdesat devadesat').map(
    ([w, i]) => [w, i * 10] as const,
  ),
  ['dve', 2],
  ['hundred', 100],
  ['hundert', 100],
  ['cent', 100],
  ['cien', 100],
  ['sto', 100],
  ['dozen', 12],
]);
NUMBER_WORDS.delete('_');

// Scale words after a number ("ocho millones", "2 Millionen"); German "Billion" (10^12) and the
// ambiguous Spanish "mil millones" are left out rather than guessed.
const SCALES = new Map<string, number>([
  ...['thousand', 'thousands', 'tausend', 'mille', 'tisic'].map((w) => [w, 1e3] as const),
  ...['million', 'millions', 'millionen', 'mio', 'millones', 'millon', 'milion', 'milionu', 'miliony'].map(
    (w) => [w, 1e6] as const,
  ),
  ...['billion', 'billions', 'milliarde', 'milliarden', 'milliard', 'milliards', 'miliarda', 'miliard'].map(
    (w) => [w, 1e9] as const,
  ),
]);
const CJK_SCALES = new Map<string, number>([
  ['万', 1e4],
  ['萬', 1e4],
  ['亿', 1e8],
  ['億', 1e8],
  ['千', 1e3],
]);

const MONTH_LISTS: Partial<Record<Language, string>> = {
  en: 'january february march april may june july august september october november december',
  de: 'januar februar marz april mai juni juli august september oktober november dezember',
  fr: 'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  cs: 'ledna unora brezna dubna kvetna cervna cervence srpna zari rijna listopadu prosince',
};
const MONTHS = new Map<Language, Map<string, number>>(
  Object.entries(MONTH_LISTS).map(([lang, list]) => [lang as Language, new Map(entries(list, 1))]),
);
// English "may" and "march" are also a verb and a noun: only capitalised mid-sentence are they months.
const AMBIGUOUS_MONTHS = new Set(['may', 'march', 'mars']);

const NEGATIONS: Partial<Record<Language, string>> = {
  en: 'not no never neither nor none nobody nothing without cannot',
  de: 'nicht kein keine keinen keiner keinem keines nie niemals ohne weder nichts',
  fr: 'ne pas jamais aucun aucune sans ni rien',
  es: 'no nunca ningun ninguno ninguna sin ni nada jamas tampoco',
  cs: 'ne nikdy zadny zadna zadne bez ani neni nejsou nebyl nebyla nebylo nebyli nebude nebudou nema nemaji nemuze nelze',
};
const NEGATION_WORDS = new Map<Language, Set<string>>(
  Object.entries(NEGATIONS).map(([lang, list]) => [lang as Language, new Set(list.split(' '))]),
);
// Czech negates a verb with a "ne-" prefix; these are the verb endings it is read on, minus the
// words that only look like it ("neděle" Sunday, "nejvíce" most).
const CZECH_NEGATED_VERB = /^ne(?!j|del|bo|z$|kol|co)\p{L}{3,}(?:i|a|l|la|lo|li|me|te|ji|t)$/u;
// French "n'en", "n'a", English "didn't".
const ELIDED = /^n['’]|n['’]t$/u;
// 不 in 不同 (different), 不仅 (not only), 不安 (uneasy) and the like, 未 in 未来 (future) state no negation.
const CJK_NEGATION = /(?:不(?![同仅过断少久管论但安])|没|未(?!来)|無|无(?!论)|ない|なかった|ません)/u;

const CURRENCY_WORDS = new Map<string, string>([
  ...['dollar', 'dollars', 'dolar', 'dolares', 'dolaru', 'dolary', 'usd'].map((w) => [w, 'usd'] as const),
  ...['euro', 'euros', 'eura', 'eur'].map((w) => [w, 'eur'] as const),
]);
const CURRENCY_SIGNS = new Map([
  ['$', 'usd'],
  ['€', 'eur'],
]);
const CJK_CURRENCY = new Map([
  ['美元', 'usd'],
  ['ドル', 'usd'],
  ['欧元', 'eur'],
  ['ユーロ', 'eur'],
]);
// French and Italian elide an article or pronoun onto the next word: "l'American", "d'allergie".
const ELISION = /^(?:[cdjlmnst]|qu)['’](?=\p{L})/u;

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

// Titles before a name, folded (German writes every noun with a capital, so a name is told by them).
const TITLES = new Set(
  (
    'prasident prasidentin kanzler kanzlerin minister ministerin herr frau senator senatorin konig konigin ' +
    'papst chef chefin grunder grunderin autor autorin professor professorin dr prof'
  ).split(' '),
);

// Endings written onto a number that are no unit: "1990s", "1990er", "4th".
const PLURAL_OR_ORDINAL = new Set(['s', 'er', 'e', 'es', 'th', 'st', 'nd', 'rd', 'en']);

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

export function anchorsOf(text: string, lang: Language): Anchors {
  const out: Anchors = {
    numbers: [],
    units: [],
    after: [],
    months: new Set(),
    words: [],
    han: new Set(),
    currencies: new Set(),
    negated: false,
  };
  const months = MONTHS.get(lang);
  const negations = NEGATION_WORDS.get(lang);
  let last: { value: number; end: number } | null = null;
  let first = true;
  let titleEnd = -1;
  // Where the last word (not a number) ended, while nothing else came after it.
  let wordEnd = -1;
  let prevLength = 0;
  scanWords(text, (token, start, end, script) => {
    if (script === 'cjk') {
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
      last = null;
      first = false;
      wordEnd = -1;
      return;
    }
    if (script !== 'spaced') return;
    const apostrophe = token.includes("'") || token.includes('’');
    const elided = apostrophe ? (ELISION.exec(token)?.[0].length ?? 0) : 0;
    const word = foldWord(token.slice(elided));
    const c0 = token.charCodeAt(0);
    const value = c0 >= 48 && c0 <= 57 ? numberOf(token) : NUMBER_WORDS.get(word);
    const scale = SCALES.get(word);
    if (scale && last) {
      out.numbers[out.numbers.length - 1] = last.value * scale;
      last = null;
      return;
    }
    if (value !== undefined) {
      out.numbers.push(value);
      out.after.push(undefined);
      const sign = CURRENCY_SIGNS.get(text.charAt(start - 1));
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
      last = { value, end };
      first = false;
      wordEnd = -1;
      return;
    }
    if (last && /^\s*$/.test(text.slice(last.end, start))) out.after[out.after.length - 1] = word;
    last = null;
    const currency = CURRENCY_WORDS.get(word);
    if (currency) out.currencies.add(currency);
    // The token comes lower-cased: where the text differs from it, it has a capital.
    const original = text.slice(start + elided, end);
    const upper = original !== token.slice(elided);
    const capital = upper && /^\p{Lu}/u.test(original);
    const month = months?.get(word);
    if (month && (!AMBIGUOUS_MONTHS.has(word) || (capital && !first) || lang !== 'en')) out.months.add(month);
    if (
      negations?.has(word) ||
      (apostrophe && ELIDED.test(token)) ||
      (lang === 'cs' && CZECH_NEGATED_VERB.test(word))
    )
      out.negated = true;
    // A name written inside a word ("DeepMind", "iPhone", "TOTP") is one even at the start.
    const inner = upper && /\p{Lu}/u.test(original.slice(1));
    // "Präsident Jimmy Carter": capitalised words right after a title (a space between) are a name.
    const afterTitle = titleEnd >= 0 && (capital || inner) && /^ +$/.test(text.slice(titleEnd, start));
    // A hyphen joins a part of two letters or fewer, no word of its own ("Wi-Fi", "T-Mobile"); longer
    // parts are compounds whose parts each translate ("HALT-Methode" = "HALT method").
    const joined =
      wordEnd >= 0 &&
      (isSpaces(text, wordEnd, start) ||
        (start - wordEnd === 1 &&
          HYPHENS.has(text.charCodeAt(wordEnd)) &&
          (end - start <= 2 || prevLength <= 2)));
    prevLength = end - start;
    out.words.push({ word, capital: capital || inner, first: first && !inner, afterTitle, joined });
    wordEnd = end;
    titleEnd = TITLES.has(word) || afterTitle ? end : -1;
    first = false;
  });
  return out;
}
