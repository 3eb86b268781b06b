import type { ReadPage } from '../../src/agent/read-pages';
import { citeAnswer } from '../../src/citations/cite-answer';
import type { GoldAnswer } from './cite-golden';

/**
 * Scores the citation code against the golden labels. Pairs are (sentence, page): precision is
 * the share of citations given that the labels hold, recall the share of labelled supports cited.
 * Sentence accuracy counts a claim right when it is cited exactly when the labels say some page
 * supports it, and a heading or list label right when it is neither cited nor flagged.
 */
export interface UnitResult {
  answer: string;
  text: string;
  gold: string[] | 'label';
  cited: string[];
  flagged: boolean;
  heading: boolean;
}

export interface Figures {
  answers: number;
  sentences: number;
  claims: number;
  labels: number;
  pairs: { gold: number; cited: number; right: number };
  precision: number;
  recall: number;
  sentenceAccuracy: number;
  /** Headings and list labels neither cited nor flagged. */
  labelsRight: number;
  /** Sentences the splitter did not start where the golden set does (should be 0). */
  unaligned: number;
  msPerAnswer: number;
}

export interface AnswerScore {
  units: UnitResult[];
  ms: number;
  /** Golden sentences no sentence of the splitter starts in. */
  unaligned: number;
}

export function scoreAnswer(a: GoldAnswer, pages: ReadonlyMap<string, ReadPage>): AnswerScore {
  const read = a.pageIds.map((id) => {
    const p = pages.get(id);
    if (!p) throw new Error(`${a.id}: no page ${id}`);
    return p;
  });
  const t0 = performance.now();
  const cited = citeAnswer(a.answer, read);
  const ms = performance.now() - t0;
  const idOf = new Map(
    cited.sources.map((s) => [s.n, a.pageIds[read.findIndex((p) => p.url === s.url)] ?? '?']),
  );
  const bounds: number[] = [];
  let at = 0;
  for (const u of a.units) {
    bounds.push(at);
    at += u.text.length;
  }
  const out: UnitResult[] = a.units.map((u) => ({
    answer: a.id,
    text: u.text.trim(),
    gold: u.gold.kind === 'label' ? 'label' : u.gold.pages,
    cited: [],
    flagged: false,
    heading: true,
  }));
  const seen = new Set<number>();
  let offset = 0;
  for (const s of cited.sentences) {
    const lead = s.text.length - s.text.trimStart().length;
    const start = offset + lead;
    offset += s.text.length;
    if (!s.text.trim()) continue;
    let unit = bounds.length - 1;
    while (unit > 0 && (bounds[unit] ?? 0) > start) unit--;
    const r = out[unit];
    if (!r) continue;
    seen.add(unit);
    for (const n of s.citations) {
      const id = idOf.get(n);
      if (id && !r.cited.includes(id)) r.cited.push(id);
    }
    if (!s.heading) r.heading = false;
    if (!s.supported && !s.heading) r.flagged = true;
  }
  return { units: out, ms, unaligned: a.units.length - seen.size };
}

/** The figures of one split of the golden set (dev, held-out, fresh…). */
export function splitFigures(
  answers: readonly GoldAnswer[],
  pages: ReadonlyMap<string, ReadPage>,
  split: GoldAnswer['split'],
): Figures {
  return figures(
    answers.filter((a) => a.split === split),
    pages,
  );
}

export function figures(answers: readonly GoldAnswer[], pages: ReadonlyMap<string, ReadPage>): Figures {
  let gold = 0;
  let given = 0;
  let right = 0;
  let claims = 0;
  let labels = 0;
  let sentencesRight = 0;
  let labelsRight = 0;
  let unaligned = 0;
  let ms = 0;
  let sentences = 0;
  for (const a of answers) {
    const score = scoreAnswer(a, pages);
    ms += score.ms;
    unaligned += score.unaligned;
    for (const u of score.units) {
      sentences++;
      if (u.gold === 'label') {
        labels++;
        const ok = u.cited.length === 0 && !u.flagged;
        if (ok) labelsRight++;
        if (ok) sentencesRight++;
        continue;
      }
      claims++;
      gold += u.gold.length;
      given += u.cited.length;
      right += u.cited.filter((id) => (u.gold as string[]).includes(id)).length;
      if (u.gold.length > 0 === u.cited.length > 0) sentencesRight++;
    }
  }
  const ratio = (x: number, y: number) => (y === 0 ? 1 : Math.round((x / y) * 1000) / 1000);
  return {
    answers: answers.length,
    sentences,
    claims,
    labels,
    pairs: { gold, cited: given, right },
    precision: ratio(right, given),
    recall: ratio(right, gold),
    sentenceAccuracy: ratio(sentencesRight, sentences),
    labelsRight: ratio(labelsRight, labels),
    unaligned,
    msPerAnswer: Math.round((ms / Math.max(answers.length, 1)) * 100) / 100,
  };
}
