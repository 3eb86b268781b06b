/**
 * Names across languages: the same name with another language's case ending ("Obamy" for "Obama",
 * "Íránem" for "Iran"), looked up among a page's folded words.
 */

export function commonPrefix(a: string, b: string): number {
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
