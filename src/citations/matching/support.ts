import { mismatch } from '../checks/verify';
import { clauseGroups, MIN_CLAUSE_TERMS } from '../claims/clauses';
import { joinCompounds } from '../claims/compounds';
import { type Claim, claimOf, pageWindows, rankWindows, spanFor, type Window } from './match';
import type { CorpusIndex } from './page-index';
import type { Term } from './terms';

/**
 * Which stretches of the pages read support a claim. In order of preference: one window holding
 * nearly all of the claim (every page that has one is cited); else, for a long sentence, a window
 * per clause (two facts joined with "and", from one page or two); else two windows that between
 * them hold nearly all of it. A claim none of these covers is unsupported: a weak citation would
 * tell the reader a page says something it does not.
 */

/** Weighted share of a claim a window must hold. */
export const SUPPORT = 0.65;
/**
 * A long claim restates more of the page in its own words, so a little less of it must be the
 * page's: 60 % of twelve or more words held in one stretch is still far more than chance brings
 * together, and the checks (numbers, names, negation, roles, list items) still guard each fact.
 */
const LONG_CLAIM = 12;
const LONG_SUPPORT = 0.6;

/** The weighted share of a claim of `terms` counted terms a window must hold. */
export const supportNeeded = (terms: number): number => (terms >= LONG_CLAIM ? LONG_SUPPORT : SUPPORT);
const MAX_SOURCES = 3;
/** A second page is cited beside the best only when it supports the claim nearly as well. */
const NEAR = 0.15;
/** How much less of the claim another window of a page whose best window failed may hold. */
const ALTERNATE_NEAR = 0.05;
/** How many separate windows of one page are tried before the page is taken not to hold the claim. */
const ALTERNATES = 3;

/**
 * The windows holding enough of the claim that no check finds saying something else, best first:
 * up to `limit`, each nearly as good as the best. The checks run only on windows that could be cited.
 */
function supporting(
  text: string,
  claim: Claim,
  counted: readonly boolean[],
  corpus: CorpusIndex,
  limit: number,
): Window[] {
  const terms = counted.filter(Boolean).length;
  const span = spanFor(terms);
  const out: Window[] = [];
  for (const w of rankWindows(corpus, claim, counted, span, supportNeeded(terms))) {
    const first = out[0];
    if (out.length >= limit || (first && w.share < first.share - NEAR)) break;
    const page = corpus.pages[w.page];
    if (!page) continue;
    if (mismatch(text, claim, counted, w, page) === null) {
      out.push(w);
      continue;
    }
    // The best window failed a check: it may have taken in a negation or a word from the sentence
    // before, and another window of the page as good may still hold the claim. A weaker one would
    // hold less of the claim than the stretch that contradicted it.
    const next = pageWindows(page, w.page, claim, counted, span, w.share - ALTERNATE_NEAR, ALTERNATES)
      .slice(1)
      .find((o) => mismatch(text, claim, counted, o, page) === null);
    if (next) out.push(next);
  }
  return out;
}

function byClause(text: string, claim: Claim, corpus: CorpusIndex): Window[] | null {
  const groups = clauseGroups(text, claim.terms);
  if (groups.length < 2) return null;
  const out: Window[] = [];
  for (const mask of groups) {
    const best = supporting(text, claim, mask, corpus, 1)[0];
    if (!best) return null;
    out.push(best);
  }
  return out;
}

/** The claim as matched (its terms and weights) and the windows that support it. */
export interface Support {
  claim: Claim;
  windows: Window[];
}

/** Windows that support the claim, one or more per cited page, best page first; null when unsupported. */
export function supportFor(text: string, terms: readonly Term[], corpus: CorpusIndex): Support | null {
  const claim = claimOf(joinCompounds(text, terms, corpus), corpus);
  if (claim.terms.length === 0) return null;
  const windows = supportingWindows(text, claim, corpus);
  return windows ? { claim, windows } : null;
}

function supportingWindows(text: string, claim: Claim, corpus: CorpusIndex): Window[] | null {
  const all = claim.terms.map(() => true);
  const ranked = supporting(text, claim, all, corpus, MAX_SOURCES);
  const best = ranked[0];
  // A long sentence whose every clause has its own support is cited clause by clause, so a second
  // fact from another page gets its page even when the first page already holds most of the words.
  // A page holding every word of the sentence in one stretch leaves no clause for another page.
  const whole = best?.hit.every(Boolean) ?? false;
  const parts = claim.terms.length >= 2 * MIN_CLAUSE_TERMS && !whole ? byClause(text, claim, corpus) : null;
  if (best && parts && parts.length > 1 && !parts.every((w) => w.page === best.page)) return parts;
  if (best) return ranked;
  return parts;
}
