import { citeTerms } from '../matching/terms';

/**
 * Whether a text denies a claim's words: a negation ("not", "no", "never", "nicht", "不"…) whose
 * next few words in its clause hold one of them, or a verbal negation said of the word right before
 * it ("Allen was not involved"). Split from cite-verify.ts, which compares the claim's negation with
 * the page's.
 */

// German capitalises every noun, so a capital letter names nothing there.
export const GERMAN =
  /\b(?:der|die|das|und|ist|nicht|mit|für|den|dem|des|eine?|sich|auch|wird|werden|hat|kann|über|wurde)\b/iu;
// "not only X but also Y" (or "not just X but Y") asserts both; it is not a negation.
const NOT_ONLY = /\b(?:not (?:only|just|merely)|nicht nur|pas seulement|no solo)\b|不仅|不只|不但/giu;
// "immutable", "unable", "irreversible" say "cannot be changed", "not able", "cannot be undone";
// "incredible", "inevitable" and the like are no negations.
const NEGATION =
  /\b(?:(?<![-‑])not|(?!(?:incredibl|inevitabl|invaluabl|indispensabl|inflatabl|impeccabl|imaginabl|impressionabl|irritabl|inhabitabl)e)(?:un(?!der)|im(?=[mpb])|in(?=[acdefoqsuv])|ir(?=r)|il(?=l))[a-z]{3,}(?:able|ible)|unable|not(?![-‑])|no|non(?=[-‑])|never|none|neither|nor|nothing|nobody|cannot|without|nicht|kein(?:e[mnrs]?)?|nie|niemals|nichts|ohne|kaum|ne|pas|jamais|sans|nunca|sin|barely|hardly|scarcely)\b|(?<!\ba )\bfew\b|n['’]t\b|很少|(?<![特区分个性类级识辨差告除])[不没無无未非别](?!(?:同|断|少|久|过|论|常|但|仅|只|管|得不|来))/giu;

/** How far a negation reaches: the next few words of its clause ("not iPhone exclusive", "no real definition"). */
const SCOPE = /^[^,;:.!?，。；：！？\n–—]{0,40}/u;

/** How many words past a negation it reaches: "not iPhone exclusive", "no real definition". */
const REACH = 2;
/** Negations that deny a verb, so of its subject ("was not", "won't", "nie"; not "without"). */
const VERBAL =
  /^(?:not|never|cannot|(?:un|im|in|ir|il)[a-z]{3,}(?:able|ible)|unable|nicht|nie|niemals|pas|jamais|nunca|[不没未]|n['’]t)$/iu;
const CONTRACTION = /^['’](?:s|re|ll|d|ve)\b/iu;
const LEAD = /[^,;:.!?，。；：！？\n–—]*$/u;
/**
 * A negation that is not said of the word before it: after a preposition ("a price of not free")
 * it denies what follows; in a relative clause ("a browser that doesn't support standards") it
 * denies the clause's verb, not that the thing before it is there.
 */
const NOT_OF_SUBJECT =
  /(?:\b(?:of|for|to|with|from|as|than|and|or)|\b(?:that|which|who)(?:\s+(?:is|are|was|were|does|do|did|has|have|had|will|would|can|could))?)\s*$/iu;
/** A negation corrected in its own clause: "not X but Y", "nicht X, sondern Y", "不是X而是Y". */
const CONTRAST = /^[^;:.!?；：！？\n–—]{0,60}?(?:\bbut\b(?! also)|\bsondern\b|而是)/u;

/**
 * Whether `text` negates one of `keys` with a negation between `from` and `to`: one whose next
 * few words in its clause hold one of them.
 */
export function negates(
  text: string,
  from: number,
  to: number,
  keys: ReadonlySet<string>,
  occurrences?: (key: string) => number[],
): boolean {
  const plain = text.slice(from, to + 60).replace(NOT_ONLY, (x) => ' '.repeat(x.length));
  // In English a capitalised word names who or what the negated thing is about ("didn't work on
  // Snapchat CEO Evan Spiegel, who rebuffed…", "Neither has Sudan's status…"): the name is not
  // what is denied. German capitalises every noun, so there names count.
  const names = !GERMAN.test(plain);
  // Where each key is denied (offsets in `text`).
  const denied = new Map<string, number[]>();
  const deny = (key: string, at: number) => denied.set(key, [...(denied.get(key) ?? []), from + at]);
  for (const m of plain.matchAll(NEGATION)) {
    const index = m.index ?? 0;
    const at = index + m[0].length;
    // What the negation is said of: the word right before it in its clause ("Allen was not
    // involved", "its shareholders will not receive"), even when the stretch ends at that word.
    // "don't come from X but from Y" denies X, not what the subject does: the subject is not denied.
    const lead = LEAD.exec(plain.slice(Math.max(0, index - 30), index))?.[0] ?? '';
    if (VERBAL.test(m[0]) && !CONTRAST.test(plain.slice(at, at + 80)) && !NOT_OF_SUBJECT.test(lead)) {
      const subject = citeTerms(lead).pop();
      if (subject && from + index - lead.length + subject.start >= to) break;
      if (subject && keys.has(subject.key)) return true;
    }
    if (from + index >= to) continue;
    // "Nobody's going to…": the contraction is the negation's own verb, not a word it denies.
    const after = SCOPE.exec(plain.slice(at).replace(CONTRACTION, (x) => ' '.repeat(x.length)))?.[0] ?? '';
    for (const t of citeTerms(after).slice(0, REACH))
      if (keys.has(t.key) && !(names && /^\p{Lu}/u.test(after.slice(t.start, t.end))))
        deny(t.key, at + t.start);
  }
  // A word the stretch also states without a negation is not denied by it ("it moves the mouse
  // to the corner … you can't even move the mouse away"): the claim may restate that other place.
  // A denial just before the stretch still counts: the stretch may have cut the negation off.
  for (const [key, at] of denied) {
    if (!occurrences) return true;
    const held = occurrences(key);
    if (at.some((o) => !held.includes(o)) || held.every((o) => at.includes(o))) return true;
  }
  return false;
}
