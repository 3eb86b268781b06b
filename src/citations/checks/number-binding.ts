import { numbersAgree, type Term } from '../matching/terms';

/** A number the claim states, among the terms the checks count: `at` is its index in the claim's terms. */
export interface StatedNumber {
  readonly at: number;
  readonly term: Term;
  readonly value: number;
}

export function statedNumbers(claimTerms: readonly Term[], counted: readonly boolean[]): StatedNumber[] {
  const out: StatedNumber[] = [];
  claimTerms.forEach((term, at) => {
    if (counted[at] && term.value !== undefined) out.push({ at, term, value: term.value });
  });
  return out;
}

/**
 * Number checks on the stretch of page (`stretch`, with its terms `page`) a claim was matched to.
 *
 * Whether a number the claim states is tied on the page to something else. "WordPress's code base
 * is 59% JavaScript" holds every word of "59% PHP and 27% JavaScript", and "she had taken two
 * tablets" every word of "two tablets was a lethal dose – and she had taken eight": there the
 * word the claim puts right beside its number stands right beside another number, and never
 * beside this one.
 */
export function numberRebound(
  text: string,
  claimTerms: readonly Term[],
  stated: readonly StatedNumber[],
  stretch: string,
  page: readonly Term[],
): boolean {
  for (const { at: i, term: n, value } of stated) {
    // The word before a number is usually what happens to it ("taken two", "costs $35"): where
    // the page has that word beside a number, it decides; else the word after it (what is counted).
    const before = claimTerms[i - 1];
    const after = claimTerms[i + 1];
    const verb =
      before && before.value === undefined && touching(text, before, n)
        ? beside(stretch, page, before.key, value, 1)
        : 'none';
    if (verb === 'other') return true;
    if (verb === 'same') continue;
    if (after && after.value === undefined && touching(text, n, after)) {
      if (beside(stretch, page, after.key, value, -1) === 'other') return true;
    }
  }
  return false;
}

/** Only spaces, currency or percent signs between two terms: "59% JavaScript", "taken two". */
const touching = (text: string, a: Term, b: Term) => /^[\s$€£¥%]*$/u.test(text.slice(a.end, b.start));

/** Whether `key` stands right beside (at `side`) this number somewhere, only other numbers, or none. */
function beside(
  stretch: string,
  page: readonly Term[],
  key: string,
  value: number,
  side: -1 | 1,
): 'same' | 'other' | 'none' {
  let found: 'other' | 'none' = 'none';
  for (let p = 0; p < page.length; p++) {
    const at = page[p];
    const next = page[p + side];
    if (at?.key !== key || next?.value === undefined) continue;
    if (!touching(stretch, side < 0 ? next : at, side < 0 ? at : next)) continue;
    if (numbersAgree(value, next.value)) return 'same';
    found = 'other';
  }
  return found;
}

const BOUND =
  /\b(?:less than|fewer than|more than|under|below|over|at least|at most|up to|upwards of)\s+(?:[\p{L}’']+\s+){0,2}$/iu;

/**
 * Whether the page gives a number the claim states only as a bound: "for less than its original
 * $4 billion asking price" does not say it paid $4 billion. A claim that bounds it too agrees.
 */
export function onlyBound(
  text: string,
  stated: readonly StatedNumber[],
  stretch: string,
  page: readonly Term[],
): boolean {
  for (const { term: n, value } of stated) {
    if (BOUND.test(prefix(text, n.start))) continue;
    let bounded = false;
    let plain = false;
    for (const t of page) {
      if (t.value === undefined || !numbersAgree(value, t.value)) continue;
      if (BOUND.test(prefix(stretch, t.start))) bounded = true;
      else plain = true;
    }
    if (bounded && !plain) return true;
  }
  return false;
}

/** The words before a number, without a currency sign. */
const prefix = (text: string, at: number) => text.slice(Math.max(0, at - 40), at).replace(/[$€£¥]\s*$/u, '');
