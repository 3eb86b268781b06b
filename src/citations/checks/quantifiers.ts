import { citeTerms } from '../matching/terms';

const ALL =
  /\b(?:all|every|always|entire(?:ly)?|fully|completely|alle[mnrs]?|jede[mnrs]?|immer|vollständig|gesamte?[nmrs]?)\b|所有|全部|总是|一直|始终/iu;
const ONLY = /\b(?:only|solely|exclusive(?:ly)?|nur|ausschließlich|lediglich)\b|只有|仅|唯一/iu;
/** What a claim's quantifier needs in the page's sentence ("just one line" says "only one line"). */
// The word an "all" or "always" applies to must be beside the page's; "only" is often moved
// ("takes just one line" for "only takes one line"), so any of the next words will do.
const QUANTIFIERS: Array<[RegExp, RegExp, number]> = [
  [new RegExp(ALL.source, 'giu'), new RegExp(ALL.source, 'giu'), 1],
  [
    new RegExp(ONLY.source, 'giu'),
    new RegExp(`${ONLY.source}|\\b(?:just|merely|simply|alone|bloß)\\b|只`, 'giu'),
    99,
  ],
];

const IDIOM = /^\s+(?:(?:that|what)\s+)?(?:you|we|it|they|one)\s+(?:need|needs|takes?)\b/iu;
const ONLY_WORD = /^(?:only|just|nur)$/iu;
const NUMBER_NEXT = /^\s+(?:about\s+|around\s+)?[$€£]?\d/u;

const HEDGE = /\b(?:almost|nearly|virtually)\s+$/iu;

/**
 * Whether a quantifier the claim adds ("always Hermitian") is the page's too: the page's sentence
 * has one of its kind within a few words of the word the claim applies it to. "Always possible to
 * find a basis … the product" does not make the product always Hermitian.
 */
function quantified(said: string, claimed: RegExp, stated: RegExp, sentence: string, reach: number): boolean {
  // "Allen" is a name, not German "allen"; "not … at all" stresses a negation and claims no "all".
  const m = [...said.matchAll(claimed)].find((q) => {
    const at = q.index ?? 0;
    const before = said.slice(0, at);
    const after = said.slice(at + q[0].length);
    return (
      (at === 0 || !/^\p{Lu}/u.test(q[0])) &&
      !/\bat\s+$/iu.test(before) &&
      // "hg evolve --all" names a command's option, not a quantity.
      !/-$/u.test(before) &&
      // "All you need is…", "all it takes": the idiom says "enough", not "every".
      !IDIOM.test(after) &&
      // "only 1.2 MB" stresses how small the page's number is; the number check guards the number.
      !(ONLY_WORD.test(q[0]) && NUMBER_NEXT.test(after))
    );
  });
  if (!m) return true;
  // "almost always" claims less than "always": the page must hedge alike, not beside the same word.
  const hedged = HEDGE.test(said.slice(0, m.index ?? 0));
  // A name the answer puts between ("every PSVR launch game") does not take the word's place.
  const rest = said.slice((m.index ?? 0) + m[0].length);
  const targets = new Set<string>();
  let plain = 0;
  for (const t of citeTerms(rest)) {
    if (plain >= reach) break;
    targets.add(t.key);
    if (!/^\p{Lu}/u.test(rest.slice(t.start, t.end))) plain++;
  }
  const found = [...sentence.matchAll(stated)].filter(
    (q) => !/^\p{Lu}\p{Ll}/u.test(q[0]) || /^(?:All|Every|Only|Just)/u.test(q[0]),
  );
  if (found.length === 0) return false;
  if (targets.size === 0) return true;
  if (hedged) return found.some((f) => HEDGE.test(sentence.slice(0, f.index ?? 0)));
  return found.some((f) => {
    const at = f.index ?? 0;
    const near = citeTerms(sentence.slice(Math.max(0, at - 30), at + f[0].length + 30));
    return near.some((t) => targets.has(t.key));
  });
}

/**
 * Whether the claim adds a quantifier ("all", "only", "always", "fully") that the page's sentence
 * does not give to the same word.
 */
export function quantifierUnstated(said: string, sentence: string): boolean {
  return QUANTIFIERS.some(([claimed, stated, reach]) => !quantified(said, claimed, stated, sentence, reach));
}
