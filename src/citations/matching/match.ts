import { type CorpusIndex, keysOn, type PageIndex } from './page-index';
import type { Term } from './terms';

/**
 * The best stretch of a page for a claim: of all windows of `span` consecutive terms (a sliding,
 * overlapping window over the page, so text split across lines or passages is still seen whole),
 * the one holding the largest weighted share of the claim's terms, then the next best few that
 * start and end elsewhere (tried when the best one fails a check).
 */
export interface Claim {
  terms: Term[];
  weights: number[];
}

export interface Window {
  page: number;
  /** Weighted share of the counted claim terms found in the window (0..1). */
  share: number;
  /** Character range of the window on the page. */
  start: number;
  end: number;
  /** Which claim terms the window holds. */
  hit: boolean[];
  /** Term positions of the window's first and last word on the page. */
  from: number;
  to: number;
}

export function claimOf(terms: readonly Term[], corpus: CorpusIndex): Claim {
  const seen = new Set<string>();
  // A window stores a claim term's number in 8 bits; no sentence has that many distinct words.
  const unique = terms.filter((t) => !seen.has(t.key) && seen.add(t.key)).slice(0, TERMS - 1);
  return { terms: unique, weights: unique.map((t) => corpus.weight(t.key)) };
}

const TERMS = 256;

/** How long a window may be for a claim of `n` terms: room for the claim spread over two lines. */
export function spanFor(n: number): number {
  return Math.min(90, Math.max(20, 3 * n + 10));
}

function onPage(page: PageIndex, term: Term): boolean {
  return term.value === undefined ? page.positions.has(term.key) : keysOn(page, term).length > 0;
}

/** Where a claim's counted terms stand on a page, and how much of the claim the page and its title hold. */
interface Occurrences {
  /** Occurrences as position × TERMS + claim term, sorted: a numeric sort, no objects. */
  occ: Float64Array;
  /** Claim terms the page's title holds: they count wherever the window is. */
  inTitle: boolean[];
  /** Weight of the counted terms, of those the title holds, and of those the page holds elsewhere. */
  total: number;
  titled: number;
  present: number;
}

function occurrences(page: PageIndex, claim: Claim, counted: readonly boolean[]): Occurrences {
  const weight = (i: number) => claim.weights[i] ?? 0;
  const inTitle = new Array<boolean>(claim.terms.length).fill(false);
  let total = 0;
  let titled = 0;
  let present = 0;
  // Each counted term's occurrence lists on the page (a number has one per value it agrees with).
  const lists: number[][] = [];
  const owners: number[] = [];
  let size = 0;
  claim.terms.forEach((term, i) => {
    if (!counted[i]) return;
    total += weight(i);
    const before = lists.length;
    const keys = term.value === undefined ? [term.key] : keysOn(page, term);
    for (const key of keys) {
      const list = page.positions.get(key);
      if (!list) continue;
      lists.push(list);
      owners.push(i);
      size += list.length;
    }
    if (page.title && onPage(page.title, term)) {
      inTitle[i] = true;
      titled += weight(i);
    } else if (lists.length > before) present += weight(i);
  });
  const occ = new Float64Array(size);
  let n = 0;
  lists.forEach((list, l) => {
    const term = owners[l] ?? 0;
    for (const pos of list) occ[n++] = pos * TERMS + term;
  });
  occ.sort();
  return { occ, inTitle, total, titled, present };
}

const posAt = (occ: Float64Array, k: number) => Math.floor((occ[k] ?? 0) / TERMS);
const termAt = (occ: Float64Array, k: number) => (occ[k] ?? 0) % TERMS;

/**
 * The windows holding at least `need` of the claim's weight, as (covered, first, last occurrence)
 * triples: every one with `limit` above 1, else only the best (then the shortest).
 */
function scanWindows(o: Occurrences, claim: Claim, span: number, need: number, limit: number): number[] {
  const { occ, inTitle } = o;
  const weight = (i: number) => claim.weights[i] ?? 0;
  const counts = new Array<number>(claim.terms.length).fill(0);
  // Title words count wherever the window is; the window still prefers to hold them itself.
  let covered = o.titled;
  let from = 0;
  const add = (term: number, by: number) => {
    counts[term] = (counts[term] ?? 0) + by;
    const now = counts[term] ?? 0;
    if (!inTitle[term] && by > 0 && now === 1) covered += weight(term);
    if (!inTitle[term] && by < 0 && now === 0) covered -= weight(term);
  };
  // With `limit` above 1, every window that could be cited, as (covered, first, last occurrence):
  // the best one may say something else than the claim (a negation before it, a word from the
  // sentence before), and then the next best elsewhere on the page may still hold it. Most
  // claims pass on the best window, so the plain scan keeps only that one.
  const found: number[] = [];
  let best = -1;
  let bestLength = 0;
  for (let to = 0; to < occ.length; to++) {
    const pos = posAt(occ, to);
    add(termAt(occ, to), 1);
    while (pos - posAt(occ, from) >= span) {
      add(termAt(occ, from), -1);
      from++;
    }
    // Drop leading words the window holds again later (or that the title holds): the same share
    // in fewer words quotes better.
    while (from < to && ((counts[termAt(occ, from)] ?? 0) > 1 || inTitle[termAt(occ, from)])) {
      add(termAt(occ, from), -1);
      from++;
    }
    if (covered < need) continue;
    if (limit > 1) {
      found.push(covered, from, to);
      continue;
    }
    const length = pos - posAt(occ, from);
    if (covered > best + 1e-9 || (covered > best - 1e-9 && length < bestLength)) {
      best = covered;
      bestLength = length;
      found[0] = covered;
      found[1] = from;
      found[2] = to;
    }
  }
  return found;
}

/** The page's windows holding at least `minShare` of the claim, best first, each starting and ending elsewhere. */
export function pageWindows(
  page: PageIndex,
  pageNo: number,
  claim: Claim,
  counted: readonly boolean[],
  span: number,
  minShare: number,
  limit = 1,
): Window[] {
  const o = occurrences(page, claim, counted);
  const { occ, total } = o;
  // A page that lacks too much of the claim anywhere cannot hold it in a window: skip the scan.
  if (total === 0 || (o.present + o.titled) / total < minShare || occ.length === 0) return [];
  const found = scanWindows(o, claim, span, minShare * total - 1e-9, limit);
  const order = Array.from({ length: found.length / 3 }, (_, k) => k * 3);
  const length = (k: number) => posAt(occ, found[k + 2] ?? 0) - posAt(occ, found[k + 1] ?? 0);
  order.sort((a, b) => (found[b] ?? 0) - (found[a] ?? 0) || length(a) - length(b));
  const out: Window[] = [];
  for (const k of order) {
    const first = posAt(occ, found[k + 1] ?? 0);
    const last = posAt(occ, found[k + 2] ?? 0);
    if (out.some((w) => w.from === first || w.to === last)) continue;
    const hit = o.inTitle.slice();
    for (let j = found[k + 1] ?? 0; j <= (found[k + 2] ?? 0); j++) hit[termAt(occ, j)] = true;
    const start = page.starts[first] ?? 0;
    const end = page.ends[last] ?? 0;
    out.push({ page: pageNo, share: (found[k] ?? 0) / total, start, end, hit, from: first, to: last });
    if (out.length >= limit) break;
  }
  return out;
}

/** The windows of every page holding at least `minShare` of the claim's counted terms, best first. */
export function rankWindows(
  corpus: CorpusIndex,
  claim: Claim,
  counted: readonly boolean[],
  span: number,
  minShare: number,
): Window[] {
  const out: Window[] = [];
  corpus.pages.forEach((page, p) => {
    out.push(...pageWindows(page, p, claim, counted, span, minShare));
  });
  return out.sort((a, b) => b.share - a.share);
}
