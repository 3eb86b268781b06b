import type { CitedAnswer } from '../agent/types';
import { matchTerms, words } from '../text/words';

/**
 * Majority vote over several independent attempts at one question. Small models gain much more
 * from several samples than from one (DR-Venus: Pass@16 is about 2.3× Pass@1); without a judge,
 * the answer most attempts converge on is the best guess at the right one.
 */

export interface VoteCandidate {
  text: string;
  /** Share of the answer's sentences that pages read support (0..1), from its CitedAnswer. */
  supportedShare: number;
  /** How much the attempt's word counts (default 1; see ATTEMPT_WEIGHT). */
  weight?: number;
}

/**
 * An answer the model gave when it chose to counts fully; one forced out of it (step limit, full
 * window, "answer now") less, and the last words of an attempt that gave no answer least: they can
 * tip a vote between real answers but never carry one alone (see runner/attempts.ts).
 */
export const ATTEMPT_WEIGHT = { answered: 1, forced: 0.5, 'no-answer': 0.25 } as const;

export interface VoteResult {
  /** Index of the chosen candidate. */
  winner: number;
  /** Indices of the candidates in the winner's cluster, the winner included. */
  agreeing: number[];
  clusters: number[][];
}

const SIMILAR = 0.5;
/** An answer this short ("Paris", "1969") agrees with a longer one that contains all its terms. */
const SHORT_TERMS = 3;

interface Shape {
  terms: Set<string>;
  numbers: string;
}

/** Numbers as written, without thousands separators, so "384,400" and "384400" match. */
function numbersOf(text: string): string {
  const found = [...text.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0].replace(/,(?=\d{3}\b)/g, ''));
  return [...new Set(found)].sort().join(' ');
}

function shapeOf(text: string): Shape {
  const terms = new Set(matchTerms(text));
  // An answer made only of stop words (choice "A" of a multiple-choice question) is still an answer.
  const whole = words(text).join(' ');
  if (terms.size === 0 && whole) terms.add(whole);
  return { terms, numbers: numbersOf(text) };
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}

function similar(a: Shape, b: Shape): boolean {
  if (a.terms.size === 0 || b.terms.size === 0) return false;
  if (a.numbers !== '' && a.numbers === b.numbers) return true;
  if (jaccard(a.terms, b.terms) >= SIMILAR) return true;
  const [small, large] = a.terms.size <= b.terms.size ? [a, b] : [b, a];
  return small.terms.size <= SHORT_TERMS && [...small.terms].every((t) => large.terms.has(t));
}

/** The share of an answer's claims (headings and labels aside) marked supported; 0 when it has none. */
export function supportedShareOf(cited: CitedAnswer | null): number {
  const sentences = (cited?.sentences ?? []).filter((s) => !s.heading);
  if (sentences.length === 0) return 0;
  return sentences.filter((s) => s.supported).length / sentences.length;
}

/** The member shown: the heaviest (a real answer before a forced one), then the best supported, then the earliest. */
function bestOf(cluster: number[], candidates: readonly VoteCandidate[]): number {
  let best = cluster[0] ?? 0;
  const weight = (i: number) => candidates[i]?.weight ?? 1;
  const support = (i: number) => candidates[i]?.supportedShare ?? 0;
  for (const i of cluster) {
    if (weight(i) > weight(best) || (weight(i) === weight(best) && support(i) > support(best))) best = i;
  }
  return best;
}

export function voteAnswers(candidates: readonly VoteCandidate[]): VoteResult {
  const shapes = candidates.map((c) => shapeOf(c.text));
  const clusters: number[][] = [];
  // Single link: an answer joins the first cluster holding any answer like it.
  shapes.forEach((shape, i) => {
    const home = clusters.find((c) =>
      c.some((j) => {
        const other = shapes[j];
        return other !== undefined && similar(shape, other);
      }),
    );
    if (home) home.push(i);
    else clusters.push([i]);
  });
  // An empty answer never clusters, and only wins when nothing else was said.
  const real = (c: number[]) => c.some((i) => (shapes[i]?.terms.size ?? 0) > 0);
  const support = (c: number[]) => candidates[bestOf(c, candidates)]?.supportedShare ?? 0;
  const weight = (c: number[]) => c.reduce((sum, i) => sum + (candidates[i]?.weight ?? 1), 0);
  let chosen: number[] | undefined;
  for (const c of clusters) {
    if (!chosen) {
      chosen = c;
      continue;
    }
    // A tie in weight goes to the answer the pages read support better.
    const better =
      real(c) !== real(chosen)
        ? real(c)
        : weight(c) !== weight(chosen)
          ? weight(c) > weight(chosen)
          : support(c) > support(chosen);
    if (better) chosen = c;
  }
  const agreeing = chosen ?? [];
  return { winner: bestOf(agreeing, candidates), agreeing, clusters };
}
