import { guessLanguage, type Language } from '../text/language-guess';
import { type Anchors, anchorsOf } from './cite-cross-anchors';

/**
 * A claim's anchors for the cross-language path (cite-cross-language.ts), and how its names and
 * cognates are looked up among a page's words: a name may carry another language's case ending, a
 * cognate shares a long prefix.
 */

/** Latin words this long may be cognates when they share a long prefix. */
const COGNATE_LENGTH = 7;
const COGNATE_PREFIX = 6;

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** A name with another language's case ending: "Obamy" for "Obama", "Íránem" for "Iran" (not "Allen" for "Allergy"). */
export function sameName(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  const p = commonPrefix(a, b);
  return shorter >= 4 && p >= 4 && p >= shorter - 1 && Math.max(a.length, b.length) - p <= 3;
}

// Words by their first four letters (a name and its other spelling share at least those), for the
// large sets (a page's words, the run's): scanning them whole for every name is slow on a long run.
const byPrefix = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function prefixIndex(words: ReadonlySet<string>): Map<string, string[]> {
  let index = byPrefix.get(words);
  if (index) return index;
  index = new Map();
  for (const w of words) {
    const key = w.slice(0, 4);
    const list = index.get(key);
    if (list) list.push(w);
    else index.set(key, [w]);
  }
  byPrefix.set(words, index);
  return index;
}

export function hasName(words: ReadonlySet<string>, name: string): boolean {
  if (words.has(name)) return true;
  if (name.length < 4) return false;
  const near = words.size > 64 ? (prefixIndex(words).get(name.slice(0, 4)) ?? []) : words;
  for (const w of near) if (sameName(w, name)) return true;
  return false;
}

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
  others: string[];
}

export function claimAnchors(claim: string, known: () => ReadonlySet<string>): ClaimAnchors {
  const lang = guessLanguage(claim);
  const anchors = anchorsOf(claim, lang);
  const cjk = lang === 'zh' || lang === 'ja' || lang === 'ko';
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
  return { lang, anchors, names: [...names], entities: distinct.length, others: [...others] };
}
