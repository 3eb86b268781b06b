import type { Language } from '../cross-language/language-guess';
import { foldWord } from './fold-word';

/**
 * Country and region names in the languages the citation code reads, from the JavaScript runtime's
 * own CLDR data (Intl.DisplayNames): "United States", "États-Unis", "Spojené státy", 美国 and
 * アメリカ合衆国 are all `US`. Nothing is shipped; Node and Chromium carry the same names (full ICU
 * in both; they differ only on a few long forms such as Hong Kong's). A name is matched by its
 * folded words (Latin scripts) or as a substring (Chinese, Japanese).
 */

export interface PlaceName {
  code: string;
  /** Folded words ("etats", "unis"), or for Chinese and Japanese the name itself as one entry. */
  words: string[];
}

// Codes that name no place: unknown region, pseudo-locales, outlying Oceania.
const NOT_PLACES = new Set(['ZZ', 'XA', 'XB', 'QO']);
const LOCALES: Partial<Record<Language, string>> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  cs: 'cs',
  zh: 'zh',
  ja: 'ja',
};

const cache = new Map<Language, PlaceName[]>();
const byFirst = new Map<Language, Map<string, PlaceName[]>>();

export const isCjk = (lang: Language) => lang === 'zh' || lang === 'ja' || lang === 'ko';

/** Letters only, lower-case, without accents: "Côte d’Ivoire" gives "cote", "d", "ivoire". */
export function placeWords(name: string): string[] {
  return name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(foldWord);
}

/** Every region's names (long and short: "United States", "US") in one language; empty for others. */
export function placeNames(lang: Language): PlaceName[] {
  const known = cache.get(lang);
  if (known) return known;
  const locale = LOCALES[lang];
  const out: PlaceName[] = [];
  if (locale && typeof Intl.DisplayNames === 'function') {
    const styles = (['long', 'short'] as const).map(
      (style) => new Intl.DisplayNames(locale, { type: 'region', style, fallback: 'none' }),
    );
    const seen = new Set<string>();
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_PLACES.has(code)) continue;
        for (const names of styles) {
          const name = names.of(code);
          if (!name || seen.has(`${code}:${name}`)) continue;
          seen.add(`${code}:${name}`);
          const words = isCjk(lang) ? [name] : placeWords(name);
          if (words.length > 0) out.push({ code, words });
        }
      }
  }
  cache.set(lang, out);
  return out;
}

/** A language's Latin-script place names by their first word's first three letters. */
export function placesByFirst(lang: Language): Map<string, PlaceName[]> {
  let index = byFirst.get(lang);
  if (index) return index;
  index = new Map();
  for (const p of placeNames(lang)) {
    const key = (p.words[0] ?? '').slice(0, 3);
    const list = index.get(key);
    if (list) list.push(p);
    else index.set(key, [p]);
  }
  byFirst.set(lang, index);
  return index;
}

const byCode = new Map<Language, Map<string, PlaceName[]>>();

/** One region's names in a language. */
export function placesOf(lang: Language, code: string): PlaceName[] {
  let index = byCode.get(lang);
  if (!index) {
    index = new Map();
    for (const p of placeNames(lang)) {
      const list = index.get(p.code);
      if (list) list.push(p);
      else index.set(p.code, [p]);
    }
    byCode.set(lang, index);
  }
  return index.get(code) ?? [];
}
