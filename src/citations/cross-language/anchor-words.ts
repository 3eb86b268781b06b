import type { Language } from './language-guess';

/** The per-language word lists that anchors.ts reads a sentence's numbers, months, negations, currencies and names with. */

const entries = (s: string, from = 0) => s.split(' ').map((w, i) => [w, i + from] as const);

// Number words of the languages read here; "one"/"ein"/"un"/"uno" are left out, as they are
// also articles. Folded, as the words are compared folded.
export const NUMBER_WORDS = new Map<string, number>([
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
export const SCALES = new Map<string, number>([
  ...['thousand', 'thousands', 'tausend', 'mille', 'tisic'].map((w) => [w, 1e3] as const),
  ...['million', 'millions', 'millionen', 'mio', 'millones', 'millon', 'milion', 'milionu', 'miliony'].map(
    (w) => [w, 1e6] as const,
  ),
  ...['billion', 'billions', 'milliarde', 'milliarden', 'milliard', 'milliards', 'miliarda', 'miliard'].map(
    (w) => [w, 1e9] as const,
  ),
]);
export const CJK_SCALES = new Map<string, number>([
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
export const MONTHS = new Map<Language, Map<string, number>>(
  Object.entries(MONTH_LISTS).map(([lang, list]) => [lang as Language, new Map(entries(list, 1))]),
);
// English "may" and "march" are also a verb and a noun: only capitalised mid-sentence are they months.
export const AMBIGUOUS_MONTHS = new Set(['may', 'march', 'mars']);

const NEGATIONS: Partial<Record<Language, string>> = {
  en: 'not no never neither nor none nobody nothing without cannot',
  de: 'nicht kein keine keinen keiner keinem keines nie niemals ohne weder nichts',
  fr: 'ne pas jamais aucun aucune sans ni rien',
  es: 'no nunca ningun ninguno ninguna sin ni nada jamas tampoco',
  cs: 'ne nikdy zadny zadna zadne bez ani neni nejsou nebyl nebyla nebylo nebyli nebude nebudou nema nemaji nemuze nelze',
};
export const NEGATION_WORDS = new Map<Language, Set<string>>(
  Object.entries(NEGATIONS).map(([lang, list]) => [lang as Language, new Set(list.split(' '))]),
);
// Czech negates a verb with a "ne-" prefix; these are the verb endings it is read on, minus the
// words that only look like it ("neděle" Sunday, "nejvíce" most).
export const CZECH_NEGATED_VERB = /^ne(?!j|del|bo|z$|kol|co)\p{L}{3,}(?:i|a|l|la|lo|li|me|te|ji|t)$/u;
// French "n'en", "n'a", English "didn't".
export const ELIDED = /^n['’]|n['’]t$/u;
// 不 in 不同 (different), 不仅 (not only), 不安 (uneasy) and the like, 未 in 未来 (future) state no negation.
export const CJK_NEGATION = /(?:不(?![同仅过断少久管论但安])|没|未(?!来)|無|无(?!论)|ない|なかった|ません)/u;

export const CURRENCY_WORDS = new Map<string, string>([
  ...['dollar', 'dollars', 'dolar', 'dolares', 'dolaru', 'dolary', 'usd'].map((w) => [w, 'usd'] as const),
  ...['euro', 'euros', 'eura', 'eur'].map((w) => [w, 'eur'] as const),
]);
export const CURRENCY_SIGNS = new Map([
  ['$', 'usd'],
  ['€', 'eur'],
]);
export const CJK_CURRENCY = new Map([
  ['美元', 'usd'],
  ['ドル', 'usd'],
  ['欧元', 'eur'],
  ['ユーロ', 'eur'],
]);
// French and Italian elide an article or pronoun onto the next word: "l'American", "d'allergie".
export const ELISION = /^(?:[cdjlmnst]|qu)['’](?=\p{L})/u;

// Titles before a name, folded (German writes every noun with a capital, so a name is told by them).
export const TITLES = new Set(
  (
    'prasident prasidentin kanzler kanzlerin minister ministerin herr frau senator senatorin konig konigin ' +
    'papst chef chefin grunder grunderin autor autorin professor professorin dr prof'
  ).split(' '),
);

// Endings written onto a number that are no unit: "1990s", "1990er", "4th".
export const PLURAL_OR_ORDINAL = new Set(['s', 'er', 'e', 'es', 'th', 'st', 'nd', 'rd', 'en']);
