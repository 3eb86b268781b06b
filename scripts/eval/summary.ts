import { majorityCorrect } from './majority';
import { meanPassAtK } from './pass-at-k';
import type { RunRow } from './run-row';
import { type SetSummary, summariseSetScores } from './set-answer-score';

export interface BrowseShare {
  all: number | null;
  correct: number | null;
  incorrect: number | null;
}

export interface WindowSummary {
  window: number;
  /** Mean correctness over every judged attempt. */
  pass1: number | null;
  /** Unbiased pass@k for k = 1..K, averaged over questions. */
  passAtK: Record<string, number | null>;
  /** Correctness of the answer Sleuth's vote picks among a question's K attempts. */
  majAtK: number | null;
  /** visits ÷ tool calls, pooled over attempts: all, correct ones, incorrect ones. */
  browseShare: BrowseShare;
  terminations: Record<string, number>;
  avgSteps: number | null;
  avgSeconds: number | null;
  /** Judged attempts, and attempts that failed (server or judge errors: not counted as wrong). */
  judged: number;
  errors: number;
  avgFolds: number | null;
  avgPeakContextTokens: number | null;
  /** Pages actually read per attempt (from the steps' tool results). */
  avgPagesRead: number | null;
  /** DeepSearchQA's set-answer figures over the attempts graded item by item; absent without any. */
  setAnswers?: SetSummary;
}

export interface Summary {
  questions: number;
  attempts: number;
  windows: WindowSummary[];
}

const round = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

const roundSet = (s: SetSummary): SetSummary => ({
  rated: s.rated,
  fullyCorrect: round(s.fullyCorrect),
  correctWithExcessive: round(s.correctWithExcessive),
  partiallyCorrect: round(s.partiallyCorrect),
  fullyIncorrect: round(s.fullyIncorrect),
  precision: round(s.precision),
  recall: round(s.recall),
  f1: round(s.f1),
});

function pooledShare(rows: readonly RunRow[]): number | null {
  const visits = rows.reduce((s, r) => s + r.visits, 0);
  const calls = rows.reduce((s, r) => s + r.searches + r.visits, 0);
  return rows.length === 0 ? null : calls === 0 ? 0 : visits / calls;
}

/**
 * Figures for one window from its rows: `rows` holds the latest row of every attempt in the plan
 * (question ids × attempts 1..K); rows of questions or attempts outside the plan are not passed in.
 */
export function summariseWindow(
  window: number,
  questionIds: readonly string[],
  attempts: number,
  rows: readonly RunRow[],
): WindowSummary {
  const judged = rows.filter((r) => r.correct !== null);
  const byQuestion = new Map<string, RunRow[]>();
  for (const r of rows) byQuestion.set(r.id, [...(byQuestion.get(r.id) ?? []), r]);
  const perQuestion: Array<{ n: number; c: number }> = [];
  const majority: boolean[] = [];
  for (const id of questionIds) {
    const mine = (byQuestion.get(id) ?? []).filter((r) => r.correct !== null);
    if (mine.length === 0) continue;
    perQuestion.push({ n: mine.length, c: mine.filter((r) => r.correct).length });
    majority.push(majorityCorrect(mine));
  }
  const passAtK = meanPassAtK(perQuestion, attempts);
  const setScores = judged.flatMap((r) => (r.set ? [r.set] : []));
  const terminations: Record<string, number> = {};
  for (const r of rows) terminations[r.termination] = (terminations[r.termination] ?? 0) + 1;
  return {
    window,
    pass1: round(mean(judged.map((r) => (r.correct ? 1 : 0)))),
    passAtK: Object.fromEntries(Object.entries(passAtK).map(([k, x]) => [k, round(x)])),
    majAtK: round(mean(majority.map((m) => (m ? 1 : 0)))),
    browseShare: {
      all: round(pooledShare(judged)),
      correct: round(pooledShare(judged.filter((r) => r.correct))),
      incorrect: round(pooledShare(judged.filter((r) => r.correct === false))),
    },
    terminations,
    avgSteps: round(mean(judged.map((r) => r.steps))),
    avgSeconds: round(mean(judged.map((r) => r.seconds))),
    judged: judged.length,
    errors: rows.length - judged.length,
    avgFolds: round(mean(judged.map((r) => r.folds))),
    avgPeakContextTokens: round(mean(judged.map((r) => r.peakContextTokens))),
    avgPagesRead: round(mean(judged.map((r) => r.pagesRead))),
    ...(setScores.length ? { setAnswers: roundSet(summariseSetScores(setScores)) } : {}),
  };
}

export function summarise(
  questionIds: readonly string[],
  attempts: number,
  windows: readonly number[],
  rows: readonly RunRow[],
): Summary {
  const ids = new Set(questionIds);
  return {
    questions: questionIds.length,
    attempts,
    windows: windows.map((w) =>
      summariseWindow(
        w,
        questionIds,
        attempts,
        rows.filter((r) => r.window === w && ids.has(r.id) && r.attempt <= attempts),
      ),
    ),
  };
}
