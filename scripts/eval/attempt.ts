import type { AgentTools, TokenCounter } from '../../src/agent/deps';
import { runResearch } from '../../src/agent/loop';
import type { AgentSettings } from '../../src/agent/settings';
import type { ResearchResult } from '../../src/agent/types';
import { citeAnswer } from '../../src/citations/cite-answer';
import { sessionToTrajectory, type Trajectory } from '../../src/export/trajectory';
import type { ChatEngine } from '../../src/llm/engine';
import { voteEntryOf } from '../../src/runner/attempt-vote';
import { supportedShareOf } from '../../src/runner/voting';
import type { EvalItem } from './dataset';
import { type Judge, JudgeFailure, type Judgement } from './judge';
import type { RunRow, Termination } from './run-row';
import { stepFigures } from './step-figures';

/** What one attempt runs with: the same loop, engine and tools the extension builds. */
export interface AttemptSetup {
  engine: ChatEngine;
  tools: AgentTools;
  settings: Partial<AgentSettings>;
  tokenizer?: TokenCounter;
}

export interface AttemptSpec {
  item: EvalItem;
  window: number;
  attempt: number;
}

/**
 * The exported trajectory plus, for a seeded run, the seeds: the base and attempt the request seeds
 * were derived from, and the kept reply's seed of each assistant turn in order (a replay with the
 * same base and attempt sends the same ones).
 */
export type EvalTrajectory = Trajectory & {
  sampling?: { base: number; attempt: number; seeds: number[] };
};

export interface AttemptOutcome {
  row: RunRow;
  trajectory: EvalTrajectory;
}

function terminationOf(r: ResearchResult): Termination {
  if (r.status === 'answered') return r.forced ? 'forced' : 'answered';
  if (r.status === 'no-answer') return 'no-answer';
  if (r.error?.code === 'context-too-small') return 'context-too-small';
  return 'error';
}

/** The words the Attempts vote takes from an attempt that gave no answer, kept for Maj@K. */
function lastWordsOf(r: ResearchResult): { lastWords?: string } {
  const entry = voteEntryOf(r);
  return entry && !entry.answered ? { lastWords: entry.text } : {};
}

const round2 = (x: number) => Math.round(x * 100) / 100;

type Verdict = Pick<RunRow, 'correct' | 'judgeRaw' | 'judgedBy' | 'error' | 'errorStage' | 'set'>;

/** Judges a prediction; a judge that keeps failing makes the attempt an error (judged again on resume). */
export async function judgeRow(
  judge: Judge,
  item: EvalItem,
  prediction: string | null,
  signal: AbortSignal,
): Promise<Verdict> {
  let j: Judgement;
  try {
    j = await judge(
      {
        question: item.question,
        gold: item.answer,
        aliases: item.aliases,
        prediction,
        ...(item.answerType ? { answerType: item.answerType } : {}),
      },
      signal,
    );
  } catch (err) {
    if (signal.aborted || !(err instanceof JudgeFailure)) throw err;
    return { correct: null, judgeRaw: null, judgedBy: null, error: err.message, errorStage: 'judge' };
  }
  return {
    correct: j.correct,
    judgeRaw: j.raw,
    judgedBy: j.by,
    error: null,
    errorStage: null,
    ...(j.set ? { set: j.set } : {}),
  };
}

/**
 * One attempt: the research loop from the question to an answer (or a limit, or a failure), then the
 * judge. Returns null when the run was stopped (nothing is recorded, so a resume runs it again).
 */
export async function runAttempt(
  spec: AttemptSpec,
  setup: AttemptSetup,
  judge: Judge,
  opts: { signal: AbortSignal; clock: () => number },
): Promise<AttemptOutcome | null> {
  const started = opts.clock();
  const result = await runResearch(
    {
      engine: setup.engine,
      cite: citeAnswer,
      tools: setup.tools,
      clock: opts.clock,
      ...(setup.tokenizer ? { tokenizer: setup.tokenizer } : {}),
    },
    { question: spec.item.question, settings: setup.settings },
    { signal: opts.signal },
  );
  if (result.status === 'aborted' || opts.signal.aborted) return null;
  const seconds = round2((opts.clock() - started) / 1000);
  const termination = terminationOf(result);
  const s = result.stats;
  const pages = stepFigures(result.steps);
  const verdict: Verdict =
    termination === 'error'
      ? {
          correct: null,
          judgeRaw: null,
          judgedBy: null,
          error: result.error?.message ?? 'The research run failed.',
          errorStage: 'model',
        }
      : await judgeRow(judge, spec.item, result.answer, opts.signal);
  const row: RunRow = {
    id: spec.item.id,
    attempt: spec.attempt,
    window: spec.window,
    prediction: result.answer,
    forced: result.forced && result.answer !== null,
    termination,
    steps: s.steps,
    searches: s.searches,
    visits: s.visits,
    browseShare: round2(s.browseShare * 100) / 100,
    duplicates: s.duplicates,
    queries: pages.queries,
    pagesRead: pages.pagesRead,
    pagesFailed: pages.pagesFailed,
    parseFailures: s.parseFailures,
    folds: s.folds,
    peakContextTokens: s.peakContextTokens,
    tokensIn: s.tokensIn,
    tokensOut: s.tokensOut,
    seconds,
    supportedShare: round2(supportedShareOf(result.citations) * 100) / 100,
    ...lastWordsOf(result),
    ...verdict,
  };
  const session = {
    id: `${spec.item.id}-${spec.window}-${spec.attempt}`,
    question: spec.item.question,
    origin: 'ask' as const,
    status: 'done' as const,
    createdAt: started,
    updatedAt: opts.clock(),
    settings: {},
  };
  const trajectory: EvalTrajectory = {
    ...sessionToTrajectory(session, result.steps, result.systemPrompt),
    ...(setup.settings.seed
      ? {
          sampling: {
            ...setup.settings.seed,
            seeds: result.steps.filter((s) => s.seed !== undefined).map((s) => s.seed ?? 0),
          },
        }
      : {}),
  };
  return { row, trajectory };
}
