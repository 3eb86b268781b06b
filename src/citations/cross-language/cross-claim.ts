import { commonPrefix, hasName } from '../names/name-forms';
import { isCjk } from '../names/place-names';
import { placesInClaim } from '../names/places';
import { type Anchors, anchorsOf } from './anchors';
import { guessLanguage, type Language } from './language-guess';

/**
 * A claim's anchors for the cross-language path (cite-cross-language.ts), and how its names and
 * cognates are looked up among a page's words: a name may carry another language's case ending, a
 * cognate shares a long prefix.
 */

/** Latin words this long may be cognates when they share a long prefix. */
const COGNATE_LENGTH = 7;
const COGNATE_PREFIX = 6;

export function isCognate(words: ReadonlySet<string>, word: string): boolean {
  if (word.length < COGNATE_LENGTH) return false;
  for (const w of words) {
    if (w.length < COGNATE_LENGTH) continue;
    const p = commonPrefix(w, word);
    if (p >= COGNATE_PREFIX && p >= Math.min(w.length, word.length) - 3) return true;
  }
  return false;
}

export interface ClaimAnchors {
  lang: Language;
  anchors: Anchors;
  names: string[];
  /** How many names the claim states: the words of one ("Manchester City", "Wi-Fi") count once. */
  entities: number;
  /** The words of names of two words or more ("samuel huntington"): a person, as a rule. */
  fullNames: Set<string>;
  /** Countries and regions the claim names, by code ("États-Unis" gives `US`): see cite-cross-places.ts. */
  places: Set<string>;
  others: string[];
}

export function claimAnchors(claim: string, known: () => ReadonlySet<string>): ClaimAnchors {
  const lang = guessLanguage(claim);
  const anchors = anchorsOf(claim, lang);
  const cjk = isCjk(lang);
  const places = placesInClaim(claim, anchors.words, lang);
  for (const pair of anchors.han)
    if (places.spans.some((name) => name.includes(pair))) anchors.han.delete(pair);
  // In a Chinese or Japanese sentence every Latin word is a name; elsewhere a capital not at the
  // sentence start marks one. German capitalises every noun, so there a capitalised word counts
  // as a name only where some page read has it or it follows another ("Präsident Jimmy Carter").
  const isName = anchors.words.map(
    (w) =>
      w.word.length >= 2 &&
      (cjk || (w.capital && !w.first)) &&
      (lang !== 'de' || w.afterTitle || hasName(known(), w.word)),
  );
  const names = new Set<string>();
  const others = new Set<string>();
  const entities = new Set<string>();
  let entity = '';
  anchors.words.forEach((w, i) => {
    // A region's name is held to the page by its code, not its words.
    if (places.words.has(i)) return;
    if (isName[i]) {
      names.add(w.word);
      entity = w.joined && isName[i - 1] ? `${entity} ${w.word}` : w.word;
      entities.add(entity);
      if (w.joined && isName[i - 1]) entities.delete(entity.slice(0, -w.word.length - 1));
      return;
    }
    // A capitalised first word joined to a name is that name's first word ("Christian Paul"), no cognate.
    const next = anchors.words[i + 1];
    if (w.first && w.capital && next?.joined && isName[i + 1]) return;
    if (!cjk) others.add(w.word);
  });
  // "Mario" after "Super Mario Run" names nothing new.
  const all = [...entities].map((e) => e.split(' '));
  const distinct = all.filter(
    (e, i) => !all.some((o, j) => j !== i && o.length > e.length && e.every((w) => o.includes(w))),
  );
  return {
    lang,
    anchors,
    names: [...names],
    entities: distinct.length,
    fullNames: new Set(distinct.filter((e) => e.length >= 2).flat()),
    places: places.codes,
    others: [...others],
  };
}
