import { listItemMissing } from '../claims/list-items';
import type { Claim, Window } from '../matching/match';
import type { PageIndex } from '../matching/page-index';
import { hardWrapped } from '../matching/page-sentences';
import { citeTerms } from '../matching/terms';
import { comparisonReversed } from './comparison';
import { GERMAN, negates } from './negation';
import { numberRebound, onlyBound, statedNumbers } from './number-binding';
import { opposedWord } from './opposites';
import { quantifierUnstated } from './quantifiers';
import { rolesSwapped } from './roles';
import { scattered } from './sentence-binding';

/**
 * Checks a claim against the stretch of page that best matches it, for the ways an answer reuses a
 * page's words to say something else. Word overlap cannot see these, so each is a rule of its own:
 * - every number the claim states is in the stretch (a different year, count or price fails);
 * - names the claim states (capitalised words past the first) are in the stretch or the title;
 * - both are negated or neither ("is not iPhone exclusive" does not support "is iPhone exclusive");
 * - quantifiers the claim adds ("all", "only", "always", "fully") are in the page's sentence too;
 * - a comparison does not point the other way ("faster" for "slower", "erhöht" for "verringert").
 * English, German and Chinese are covered (plus the commonest French and Spanish negations).
 */

export type Mismatch =
  | 'number'
  | 'name'
  | 'title'
  | 'agent'
  | 'negation'
  | 'quantifier'
  | 'direction'
  | 'scattered'
  | 'roles'
  | 'list'
  | 'comparison';

/** The page denies what it just said: "… like Temple Run, but that's not the case." */
const DENIED =
  /\b(?:(?:that|this|it)(?:['’]s| is) not (?:the case|true|so)|(?:that|this|it) isn['’]t (?:the case|true|so)|is a myth)\b/iu;

/** A title the claim names in 《…》 (or 「…」) must be the one the page names. */
const TITLED = /[《「]([^》」]{1,40})[》」]/gu;

// "no longer", "keinen … mehr": the "more" there is part of the negation, not a comparison.
const NO_LONGER = /\b(not?|nicht|kein(?:e[mnrs]?)?)\b([^,;.!?]{0,40}?)\s(?:mehr|more|longer)\b/giu;
const withoutNoLonger = (text: string) => text.replace(NO_LONGER, '$1$2');

const word = (list: string) => new RegExp(`\\b(?:${list})\\b`, 'iu');
/** Opposite directions: a claim saying one where the page says only the other is contradicted. */
const UP =
  /\b(?:more|greater|higher|larger|bigger|increase[sd]?|increasing|rise[sn]?|rising|rose|grow|grew|grown|growing|raise[sd]?|boost(?:s|ed)?|mehr|höher|größer|erhöh(?:t|en|te)|steig(?:t|en)|gestiegen)\b|增加|提高|上升|增长|更多|越高|升高/iu;
const DOWN =
  /\b(?:fewer|less|lower|smaller|decrease[sd]?|decreasing|decline[sd]?|declining|falls?|fell|fallen|drop(?:s|ped)?|shrink|shrank|reduce[sd]?|reducing|weniger|niedriger|kleiner|verringer(?:t|n|te)|sink(?:t|en)|gesunken|reduziert)\b|减少|降低|下降|更少|越低/iu;
const EQUAL =
  /\b(?:same as|as much as|as many as|equal(?:s|ly)?|identical|gleich(?:viel)?|genauso)\b|相同|一样/iu;
const DIRECTIONS: Array<[RegExp, RegExp]> = [
  [UP, DOWN],
  [UP, EQUAL],
  [DOWN, EQUAL],
  [EQUAL, /\b(?:by contrast|unlike|whereas|differs?|different|im Gegensatz)\b|不同于|相比之下/iu],
  [word('faster|quicker|sooner|schneller'), /\b(?:slower|langsamer)\b|更慢|减慢/iu],
  [word('better|improved?|improves|besser|verbessert'), word('worse|worsened|schlechter|verschlechtert')],
  [word('added|adds|introduced|hinzugefügt'), /\b(?:removed|removes|deleted|dropped|entfernt)\b|删除|移除/iu],
  [word('won|wins|win|gewonnen'), word('lost|loses|lose|verloren')],
  [/\b(?:allowed|permitted|erlaubt)\b|允许/iu, /\b(?:banned|forbidden|prohibited|verboten)\b|禁止/iu],
];

const CAPITALISED = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}]*/gu;
const WORDS = /[\p{L}\p{N}]+/gu;
const FIRST_WORD = /^[^\p{L}\p{N}]*[\p{L}\p{N}]+/u;

/** A hard-wrapped page's single line breaks are spaces: they end neither a clause nor a sentence. */
const unwrap = (text: string, wrapped: boolean) => (wrapped ? text.replace(/(?<!\n)\n(?!\n)/g, ' ') : text);

function clauseStart(text: string, start: number, wrapped: boolean): number {
  const before = unwrap(text.slice(Math.max(0, start - 200), start), wrapped);
  const m = /[,;:.!?，。；：！？\n–—][^,;:.!?，。；：！？\n–—]*$/u.exec(before);
  return m ? start - before.length + m.index + 1 : Math.max(0, start - 200);
}

/** The whole sentence(s) around a stretch of page text. */
function sentenceAround(text: string, start: number, end: number, wrapped: boolean): string {
  const before = unwrap(text.slice(Math.max(0, start - 400), start), wrapped);
  const cut = Math.max(
    before.lastIndexOf('. '),
    before.lastIndexOf('\n'),
    before.lastIndexOf('。'),
    before.lastIndexOf('? '),
    before.lastIndexOf('! '),
  );
  const from = cut >= 0 ? start - before.length + cut + 1 : Math.max(0, start - 400);
  // A dot inside a word ("Backbone.js", "3.5") does not end the sentence.
  const rest = unwrap(text.slice(end, end + 400), wrapped);
  const after = /^(?:[^\n.!?。！？]|[.!?](?=[^\s.!?]))*/u.exec(rest)?.[0] ?? '';
  return text.slice(from, end + after.length);
}

/**
 * Why the window does not support the claim, or null when no check finds a mismatch.
 * `text` is the claim's text (the terms' offsets point into it); only `counted` terms are checked.
 */
export function mismatch(
  text: string,
  claim: Claim,
  counted: readonly boolean[],
  w: Window,
  page: PageIndex,
): Mismatch | null {
  let from = text.length;
  let to = 0;
  let numberMissing = false;
  claim.terms.forEach((t, i) => {
    if (!counted[i]) return;
    from = Math.min(from, t.start);
    to = Math.max(to, t.end);
    // "one" is as often a pronoun ("it is one that…") as a count.
    if (t.value !== undefined && !w.hit[i] && !/^one$/i.test(text.slice(t.start, t.end)))
      numberMissing = true;
  });
  if (numberMissing) return 'number';
  if (listItemMissing(text, claim, counted, w)) return 'list';
  const said = text.slice(from, to);
  const wrapped = hardWrapped(page);
  const around = sentenceAround(page.text, w.start, w.end, wrapped);
  const sentence = `${around}\n${page.title?.text ?? ''}`;
  if (!GERMAN.test(said) && !namesHeld(text, said, from, claim, counted, w, sentence, page)) return 'name';
  for (const m of said.matchAll(TITLED)) if (!titleHeld(m[1] ?? '', sentence)) return 'title';
  if (!agentHeld(said, around)) return 'agent';
  const numbers = statedNumbers(claim.terms, counted);
  if (numbers.length > 0) {
    const terms = citeTerms(sentence);
    if (numberRebound(text, claim.terms, numbers, sentence, terms)) return 'number';
    if (onlyBound(text, numbers, sentence, terms)) return 'number';
  }
  const keys = new Set(claim.terms.filter((_, i) => counted[i]).map((t) => t.key));
  const held = new Set(claim.terms.filter((_, i) => counted[i] && w.hit[i]).map((t) => t.key));
  const lead = clauseStart(page.text, w.start, wrapped);
  const negated = negates(said, 0, said.length, keys);
  const inWindow = (key: string) =>
    (page.positions.get(key) ?? []).filter((p) => p >= w.from && p <= w.to).map((p) => page.starts[p] ?? -1);
  if (negated !== negates(page.text, lead, w.end, held, negated ? undefined : inWindow)) return 'negation';
  if (!negated && DENIED.test(around)) return 'negation';
  if (quantifierUnstated(said, sentence)) return 'quantifier';
  if (opposedWord(said.match(WORDS) ?? [], around)) return 'direction';
  const claimed = withoutNoLonger(said);
  const stated = withoutNoLonger(sentence);
  for (const [up, down] of DIRECTIONS) {
    if (up.test(claimed) && !up.test(stated) && down.test(stated)) return 'direction';
    if (down.test(claimed) && !down.test(stated) && up.test(stated)) return 'direction';
  }
  const names = !GERMAN.test(said);
  if (scattered(text, claim, counted, w, page, names)) return 'scattered';
  if (rolesSwapped(text, claim, counted, w, page, names)) return 'roles';
  if (comparisonReversed(text, claim, counted, w, page, names)) return 'comparison';
  return null;
}

// "written by Shay Friedman", "run by the analyst firm RedMonk": the verb and who did it.
const AGENT = /\b([\p{L}]+) by (?:the [\p{Ll}\s]{0,30})?(\p{Lu}[\p{L}\p{N}.-]*)/gu;

/**
 * Who did something, named with "by": the page must say it of them too, with "by" before the name
 * or with the same verb. A page that names a person beside a tweet or as an analyst does not say
 * they wrote the library or ran the survey.
 */
function agentHeld(said: string, around: string): boolean {
  for (const m of said.matchAll(AGENT)) {
    const verb = citeTerms(m[1] ?? '')[0]?.key;
    const name = m[2] ?? '';
    if (new RegExp(`\\bby (?:[\\p{L}.-]+ ){0,3}${escapeRegExp(name)}`, 'u').test(around)) continue;
    if (verb && citeTerms(around).some((t) => t.key === verb)) continue;
    return false;
  }
  return true;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page that marks its titles must mark this one ("科学刊物《自然》" names 《自然》, not 《科学》). */
function titleHeld(title: string, sentence: string): boolean {
  if (!/[《「]/u.test(sentence)) return sentence.includes(title);
  return [...sentence.matchAll(TITLED)].some((m) => m[1] === title);
}

/** Whether each name the claim states (a capitalised word that does not start the sentence) is in the window. */
function namesHeld(
  text: string,
  said: string,
  offset: number,
  claim: Claim,
  counted: readonly boolean[],
  w: Window,
  around: string,
  page: PageIndex,
): boolean {
  const firstEnd = FIRST_WORD.exec(text)?.[0].length ?? 0;
  for (const m of said.matchAll(CAPITALISED)) {
    const at = offset + (m.index ?? 0);
    if (at < firstEnd) continue;
    const i = claim.terms.findIndex((t) => t.start <= at && at < t.end);
    const term = claim.terms[i];
    if (!term || !counted[i] || w.hit[i] || spelledOut(m[0], around)) continue;
    const keys = sentenceKeys(around);
    if (keys.has(term.key) || fullNameHeld(page, term.key, keys)) continue;
    return false;
  }
  return true;
}

const capitalised = (page: PageIndex, at: number) =>
  /^\p{Lu}/u.test(page.text.slice(page.starts[at] ?? 0, page.ends[at] ?? 0));

/**
 * Whether the page gives the name as part of a full name whose other part the sentence holds:
 * "Arment's friends" for "Marco's friends" on a page that names "Marco Arment" elsewhere.
 */
function fullNameHeld(page: PageIndex, key: string, keys: ReadonlySet<string>): boolean {
  for (const at of page.positions.get(key) ?? []) {
    if (!capitalised(page, at)) continue;
    for (const next of [at - 1, at + 1]) {
      const [a, b] = next < at ? [next, at] : [at, next];
      if (a < 0 || !capitalised(page, next)) continue;
      // Two words of one name: nothing but a space between them.
      if (!/^[ \t]$/.test(page.text.slice(page.ends[a] ?? 0, page.starts[b] ?? 0))) continue;
      const other = citeTerms(page.text.slice(page.starts[next] ?? 0, page.ends[next] ?? 0))[0];
      if (other && keys.has(other.key)) return true;
    }
  }
  return false;
}

// One sentence's keys serve every name of the claim checked against it.
let keysOf: { text: string; keys: Set<string> } | undefined;

/**
 * The keys of the page's sentence(s) around a window: a window ends at the claim's last word it
 * holds, so a name the sentence gives after a long aside ("her Aunt Miranda (Rebecca Spence,
 * playing…) in Chicago") is still the page's, said of the same thing.
 */
function sentenceKeys(text: string): Set<string> {
  if (keysOf?.text !== text) keysOf = { text, keys: new Set(citeTerms(text).map((t) => t.key)) };
  return keysOf.keys;
}

// One sentence's initials serve every acronym of the claim checked against it.
let initialsOf: { text: string; initials: string } | undefined;

/** "AFP" for "Australian Federal Police", "PSVR" for "PlayStation VR": an acronym whose letters start consecutive words of the page. */
function spelledOut(name: string, text: string): boolean {
  if (!/^\p{Lu}{2,6}$/u.test(name)) return false;
  if (initialsOf?.text !== text) {
    // A word's capitals all count: "PlayStation VR" is "PSVR".
    const initials = [...text.matchAll(/(?<![\p{L}\p{N}])\p{L}|(?<=\p{L})\p{Lu}/gu)]
      .map((m) => m[0])
      .join('');
    initialsOf = { text, initials };
  }
  return initialsOf.initials.includes(name);
}
