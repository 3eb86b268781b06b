import type { AnchorWord } from '../cross-language/anchors';
import type { Language } from '../cross-language/language-guess';
import { hasName, sameName } from './name-forms';
import { isCjk, type PlaceName, placeNames, placesByFirst, placesOf } from './place-names';

/**
 * Countries and regions as anchors across languages: a claim naming "États-Unis" or 日本 is held to a
 * page sentence naming the same region in the page's language ("United States", 日本), by the
 * runtime's CLDR names (src/citations/names/place-names.ts). The region then counts as one anchor, and its
 * words are no longer looked for literally.
 */

export interface ClaimPlaces {
  codes: Set<string>;
  /** Indices of the claim words that spell a region's name. */
  words: Set<number>;
  /** The Chinese or Japanese names found (日本), whose characters are no further anchor. */
  spans: string[];
}

const langsFor = (lang: Language): Language[] => (lang === 'en' || isCjk(lang) ? ['en'] : [lang, 'en']);
const CJK_LANGS: Language[] = ['zh', 'ja'];

// "U.S." is read as the word "u.s".
const undotted = (w: string) => (w.includes('.') ? w.replace(/\./g, '') : w);

// Czech and German decline names ("v Íránu", "Deutschlands"); elsewhere a longer word is another
// word ("Indian" is no "India", Spanish "indio" no "India").
const DECLINED = new Set<Language>(['cs', 'de']);

function matchAt(words: readonly AnchorWord[], i: number, place: PlaceName, declined: boolean): boolean {
  return place.words.every((pw, k) => {
    const cw = words[i + k];
    if (!cw) return false;
    const word = undotted(cw.word);
    // Short names ("US", "UK", "USA") only in capitals: a capital inside the word is what tells "US"
    // from a sentence's first word (French "Un", article, is no "UN").
    if (pw.length <= 3) return word === pw && cw.capital && !cw.first;
    return word === pw || (declined && sameName(word, pw));
  });
}

export function placesInClaim(text: string, words: readonly AnchorWord[], lang: Language): ClaimPlaces {
  const codes = new Set<string>();
  const at = new Set<number>();
  const spans: string[] = [];
  if (isCjk(lang))
    for (const l of CJK_LANGS)
      for (const p of placeNames(l)) {
        const name = p.words[0];
        if (!name || name.length < 2 || !text.includes(name)) continue;
        codes.add(p.code);
        spans.push(name);
      }
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w?.capital) continue;
    let best: PlaceName | undefined;
    for (const l of langsFor(lang))
      for (const p of placesByFirst(l).get(undotted(w.word).slice(0, 3)) ?? [])
        if ((!best || p.words.length > best.words.length) && matchAt(words, i, p, DECLINED.has(l))) best = p;
    if (!best) continue;
    codes.add(best.code);
    for (let k = 0; k < best.words.length; k++) at.add(i + k);
    i += best.words.length - 1;
  }
  return { codes, words: at, spans };
}

/** Whether a page stretch (its text and folded words) names the region, in the page's language or English. */
export function statesPlace(code: string, text: string, words: ReadonlySet<string>, lang: Language): boolean {
  if (isCjk(lang))
    return CJK_LANGS.some((l) => placesOf(l, code).some((p) => p.words[0] && text.includes(p.words[0])));
  return langsFor(lang).some((l) =>
    placesOf(l, code).some((p) => p.words.every((w) => statesWord(w, text, words, DECLINED.has(l)))),
  );
}

// A short name ("US", "UK", "USA") only in capitals, dots allowed ("U.S."): "us" is a pronoun.
function statesWord(word: string, text: string, words: ReadonlySet<string>, declined: boolean): boolean {
  if (word.length > 3) return declined ? hasName(words, word) : words.has(word);
  const caps = new RegExp(`(?<![\\p{L}.])${[...word.toUpperCase()].join('\\.?')}\\.?(?!\\p{L})`, 'u');
  return caps.test(text);
}
