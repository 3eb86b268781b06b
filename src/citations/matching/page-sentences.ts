import type { Claim, Window } from './match';
import type { PageIndex } from './page-index';

/**
 * The sentences of a page around a window, for the checks that need to know which sentence of the
 * page a claim's words come from, and the things a claim names (runs of capitalised words, numbers).
 */

/** A full stop, question or exclamation mark that ends a sentence: not after an initial or a title ("J. R.", "Dr."). */
const STOP =
  /(?<!(?:^|[\s(])(?:\p{Lu}|Mr|Mrs|Ms|Dr|St|Jr|Sr|vs|etc|Inc|Corp|Ltd|No|e\.g|i\.e|z\.B|bzw|ca))[.!?]["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}\p{Script=Han}])|[。！？]["'”’」』)]*/gu;
const PARAGRAPH = /\n[ \t]*\n+|\n(?=[ \t]*(?:[-*+•]|\d+[.)]|#{1,6})\s)/g;
const LINE = /\n/g;

/** A page whose text is wrapped at a fixed width breaks lines inside sentences. */
const wrapped = new WeakMap<PageIndex, boolean>();

export function hardWrapped(page: PageIndex): boolean {
  let known = wrapped.get(page);
  if (known === undefined) {
    const breaks = page.text.match(/\n(?!\n)/g)?.length ?? 0;
    const inside = page.text.match(/[^\n.!?:;。！？)"”]\n(?=\p{Ll})/gu)?.length ?? 0;
    known = breaks >= 10 && inside / breaks > 0.4;
    wrapped.set(page, known);
  }
  return known;
}

export interface Sentence {
  start: number;
  end: number;
  /** Term positions of the page in the sentence: [from, to). */
  from: number;
  to: number;
}

/** The first term position at or after character `at`. */
export function termAt(page: PageIndex, at: number): number {
  let lo = 0;
  let hi = page.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((page.starts[mid] ?? 0) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The page's sentences from the one before the window to the one after it. */
export function sentencesAround(page: PageIndex, w: Window): Sentence[] {
  const from = Math.max(0, w.start - 600);
  const to = Math.min(page.text.length, w.end + 600);
  const slice = page.text.slice(from, to);
  const cuts = new Set<number>([0, slice.length]);
  for (const m of slice.matchAll(STOP)) cuts.add((m.index ?? 0) + m[0].length);
  for (const m of slice.matchAll(hardWrapped(page) ? PARAGRAPH : LINE)) {
    const at = (m.index ?? 0) + m[0].length;
    // A heading line ("Style Editor", "White-box monitoring") names what the next line says.
    const line = slice.slice(slice.lastIndexOf('\n', (m.index ?? 0) - 1) + 1, m.index ?? 0).trim();
    if (line && !/[.!?。！？:;,]["'”’)\]]*$/u.test(line) && line.split(/\s+/).length <= 8) continue;
    cuts.add(at);
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const all: Sentence[] = [];
  for (let k = 0; k + 1 < sorted.length; k++) {
    const start = from + (sorted[k] ?? 0);
    const end = from + (sorted[k + 1] ?? 0);
    if (page.text.slice(start, end).trim())
      all.push({ start, end, from: termAt(page, start), to: termAt(page, end) });
  }
  const first = all.findIndex((s) => s.end > w.start);
  const last = all.findLastIndex((s) => s.start < w.end);
  return all.slice(Math.max(0, first - 1), last + 2);
}

/** Whether one of `keys` occurs in the sentence. */
export function occurs(page: PageIndex, keys: readonly string[], s: Sentence): boolean {
  for (const key of keys) {
    const list = page.positions.get(key);
    if (!list) continue;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] ?? 0) < s.from) lo = mid + 1;
      else hi = mid;
    }
    if (lo < list.length && (list[lo] ?? 0) < s.to) return true;
  }
  return false;
}

/** Where on the page each of `keys` occurs inside the sentence: term positions. */
export function positionsIn(page: PageIndex, keys: readonly string[], s: Sentence): number[] {
  const out: number[] = [];
  for (const key of keys)
    for (const p of page.positions.get(key) ?? []) if (p >= s.from && p < s.to) out.push(p);
  return out;
}

/** The sentences of `sentencesAround` that overlap the window itself. */
export function sentencesInWindow(page: PageIndex, w: Window): Sentence[] {
  return sentencesAround(page, w).filter((s) => s.end > w.start && s.start < w.end);
}

/** The claim's anchor phrases made only of counted words, no number among them ("App Manager"). */
export function wordPhrases(
  text: string,
  claim: Claim,
  counted: readonly boolean[],
  names: boolean,
): number[][] {
  const group = claim.terms.map((_, i) => counted[i] === true);
  return anchorPhrases(text, claim, group, names).filter((p) =>
    p.every((i) => claim.terms[i]?.value === undefined),
  );
}

/** Claim terms in one run of capitalised words ("Data Retention Bill", "PS4 Pro") name one thing. */
export function anchorPhrases(
  text: string,
  claim: Claim,
  group: readonly boolean[],
  names: boolean,
): number[][] {
  // The first word is capitalised anyway; it names something when the next word goes on the name
  // ("Mark Zuckerberg is…", not "Research shows…").
  let firstEnd = /^[^\p{L}\p{N}]*[\p{L}\p{N}]+/u.exec(text)?.[0].length ?? 0;
  const [first, second] = claim.terms;
  if (
    first &&
    second &&
    first.end === firstEnd &&
    /^\s+$/u.test(text.slice(first.end, second.start)) &&
    /^\p{Lu}/u.test(text.slice(second.start, second.end))
  )
    firstEnd = 0;
  const out: number[][] = [];
  let run: number[] = [];
  let lastEnd = -1;
  claim.terms.forEach((t, i) => {
    if (!group[i]) return;
    const number = t.value !== undefined;
    const name = names && t.start >= firstEnd && /^\p{Lu}/u.test(text.slice(t.start, t.end));
    if (!number && !name) {
      run = [];
      return;
    }
    const joined = name && run.length > 0 && /^[\s'’s-]*$/u.test(text.slice(lastEnd, t.start));
    if (!joined) {
      run = [];
      out.push(run);
    }
    run.push(i);
    lastEnd = t.end;
    if (number) run = [];
  });
  return out;
}
