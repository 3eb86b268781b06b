import { sameName } from '../names/name-forms';
import { placesInClaim } from '../names/places';
import type { AnchorWord } from './anchors';
import type { ClaimAnchors } from './cross-claim';
import type { Language } from './language-guess';

/**
 * Who a page sentence gives its fact to. "El politólogo Samuel Huntington definía … y el jurista
 * Carlos Nino llamó a la Argentina «un país al margen de la ley»" holds both of the claim's names
 * ("Samuel Huntington called Argentina …"), but another person's name stands between them: the fact
 * about Argentina is Nino's. A stretch where a full name the claim does not state (two capitalised
 * words in a row, mid-sentence) stands between one of the claim's full names (a person, as a rule)
 * and another of its named anchors does not support it. Single-word names are left alone: between
 * "TOTP" and "Evernote" a page may spell out "Time-Based One-Time Passwords".
 */
export function anotherNameBetween(c: ClaimAnchors, words: readonly AnchorWord[], lang: Language): boolean {
  // Where each of the claim's names and regions stands in the stretch, by which one it is.
  const at: Array<{ anchor: string; i: number }> = [];
  const mine = new Set<number>();
  words.forEach((w, i) => {
    const name = c.names.find((n) => sameName(w.word, n));
    if (name === undefined) return;
    mine.add(i);
    at.push({ anchor: name, i });
  });
  if (c.places.size > 0) {
    const places = placesInClaim('', words, lang);
    for (const i of places.words) {
      mine.add(i);
      at.push({ anchor: 'place', i });
    }
  }
  if (at.length < 2) return false;
  at.sort((a, b) => a.i - b.i);
  const foreign = (i: number) => {
    const w = words[i];
    return w !== undefined && w.capital && !w.first && !mine.has(i) && w.word.length >= 2;
  };
  for (let k = 1; k < at.length; k++) {
    const from = at[k - 1];
    const to = at[k];
    if (!from || !to || from.anchor === to.anchor) continue;
    if (!c.fullNames.has(from.anchor) && !c.fullNames.has(to.anchor)) continue;
    for (let i = from.i + 1; i + 1 < to.i; i++)
      if (foreign(i) && foreign(i + 1) && words[i + 1]?.joined) return true;
  }
  return false;
}
