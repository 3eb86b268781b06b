import { type CorpusIndex, keysOn, type PageIndex } from './cite-index';
import type { Term } from './cite-terms';

/**
 * The best stretch of a page for a claim: of all windows of `span` consecutive terms (a sliding,
 * overlapping window over the page, so text split across lines or passages is still seen whole),
 * the one holding the largest weighted share of the claim's terms.
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
}

export function claimOf(terms: readonly Term[], corpus: CorpusIndex): Claim {
  const seen = new Set<string>();
  const unique = terms.filter((t) => !seen.has(t.key) && seen.add(t.key));
  return { terms: unique, weights: unique.map((t) => corpus.weight(t.key)) };
}

/** How long a window may be for a claim of `n` terms: room for the claim spread over two lines. */
export function spanFor(n: number): number {
  return Math.min(90, Math.max(20, 3 * n + 10));
}

export function bestWindow(
  page: PageIndex,
  pageNo: number,
  claim: Claim,
  counted: readonly boolean[],
  span: number,
  minShare: number,
): Window | null {
  const occ: Array<{ pos: number; term: number }> = [];
  const weight = (i: number) => claim.weights[i] ?? 0;
  const inTitle = new Array<boolean>(claim.terms.length).fill(false);
  let total = 0;
  let titled = 0;
  let present = 0;
  const keys: string[][] = claim.terms.map((term, i) => {
    if (!counted[i]) return [];
    total += weight(i);
    const on = keysOn(page, term);
    if (page.title && keysOn(page.title, term).length > 0) {
      inTitle[i] = true;
      titled += weight(i);
    } else if (on.length > 0) present += weight(i);
    return on;
  });
  // A page that lacks too much of the claim anywhere cannot hold it in a window: skip the scan.
  if (total === 0 || (present + titled) / total < minShare) return null;
  keys.forEach((on, i) => {
    for (const key of on) for (const pos of page.positions.get(key) ?? []) occ.push({ pos, term: i });
  });
  if (occ.length === 0) return null;
  occ.sort((a, b) => a.pos - b.pos);
  const counts = new Array<number>(claim.terms.length).fill(0);
  // Title words count wherever the window is; the window still prefers to hold them itself.
  let covered = titled;
  let best = -1;
  let bestFrom = 0;
  let bestTo = 0;
  let from = 0;
  const add = (term: number, by: number) => {
    counts[term] = (counts[term] ?? 0) + by;
    const now = counts[term] ?? 0;
    if (!inTitle[term] && by > 0 && now === 1) covered += weight(term);
    if (!inTitle[term] && by < 0 && now === 0) covered -= weight(term);
  };
  for (let to = 0; to < occ.length; to++) {
    const o = occ[to] as { pos: number; term: number };
    add(o.term, 1);
    for (let first = occ[from]; first && o.pos - first.pos >= span; first = occ[from]) {
      add(first.term, -1);
      from++;
    }
    // Drop leading words the window holds again later: the same share in fewer words quotes better.
    for (let first = occ[from]; first && from < to && (counts[first.term] ?? 0) > 1; first = occ[from]) {
      add(first.term, -1);
      from++;
    }
    const length = o.pos - (occ[from]?.pos ?? o.pos);
    const bestLength = (occ[bestTo]?.pos ?? 0) - (occ[bestFrom]?.pos ?? 0);
    if (covered > best + 1e-9 || (covered > best - 1e-9 && length < bestLength)) {
      best = covered;
      bestFrom = from;
      bestTo = to;
    }
  }
  const hit = inTitle.slice();
  for (let k = bestFrom; k <= bestTo; k++) {
    const o = occ[k];
    if (o) hit[o.term] = true;
  }
  const first = page.terms[occ[bestFrom]?.pos ?? 0];
  const last = page.terms[occ[bestTo]?.pos ?? 0];
  return { page: pageNo, share: best / total, start: first?.start ?? 0, end: last?.end ?? 0, hit };
}

/** The best window of each page for the claim's counted terms holding at least `minShare`, best first. */
export function rankWindows(
  corpus: CorpusIndex,
  claim: Claim,
  counted: readonly boolean[],
  span: number,
  minShare: number,
): Window[] {
  const out: Window[] = [];
  corpus.pages.forEach((page, p) => {
    const w = bestWindow(page, p, claim, counted, span, minShare);
    if (w && w.share >= minShare) out.push(w);
  });
  return out.sort((a, b) => b.share - a.share);
}
