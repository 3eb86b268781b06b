const folded = new Map<string, string>();
const PLAIN = /^[ -~]*$/;

/**
 * A word in plain lower-case letters without accents ("Souček" = "soucek", "Straße" = "strasse"),
 * so names compare across languages that mark them differently; pages repeat words, so each is
 * folded once.
 */
export function foldWord(word: string): string {
  let out = folded.get(word);
  if (out !== undefined) return out;
  out = PLAIN.test(word)
    ? word.toLowerCase()
    : word.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
  if (folded.size > 50_000) folded.clear();
  folded.set(word, out);
  return out;
}
