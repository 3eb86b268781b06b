import { describe, expect, it } from 'vitest';
import { runAttempt } from '../../../scripts/eval/attempt';
import { exactJudge } from '../../../scripts/eval/judge';
import { majorityPick } from '../../../scripts/eval/majority';
import { type RunRow, readRuns } from '../../../scripts/eval/run-row';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import type { AgentTools } from '../../../src/agent/deps';

/** Maj@K votes with the extension's Attempts weights, the last words of unanswered attempts included. */

function row(over: Partial<RunRow>): RunRow {
  return {
    ...{ id: 'q', attempt: 1, window: 8192, prediction: 'x', forced: false, termination: 'answered' },
    ...{ steps: 3, searches: 1, visits: 1, browseShare: 0.5, duplicates: 0, queries: 1, pagesRead: 1 },
    ...{ pagesFailed: 0, parseFailures: 0, folds: 0, peakContextTokens: 1000, tokensIn: 1000 },
    ...{ tokensOut: 100, seconds: 2, supportedShare: 0, judgeRaw: null, judgedBy: 'exact' as const },
    ...{ correct: true, error: null, errorStage: null },
    ...over,
  };
}

const silent = (attempt: number, lastWords: string) =>
  row({ attempt, prediction: null, termination: 'no-answer', correct: false, lastWords });

describe('Maj@K weights', () => {
  it("counts an unanswered attempt's last words a quarter, enough to tip a tie between answers", () => {
    const answers = [
      row({ attempt: 1, prediction: 'Paris', correct: true, supportedShare: 0 }),
      row({ attempt: 2, prediction: 'Lyon', correct: false, supportedShare: 0.5 }),
    ];
    // Alone, the tie goes to the better supported Lyon.
    expect(majorityPick(answers)?.attempt).toBe(2);
    expect(majorityPick([...answers, silent(3, 'I think it is Paris')])?.attempt).toBe(1);
  });

  it('never lets last words win alone: the answers left vote again', () => {
    const picked = majorityPick([
      silent(1, 'Paris'),
      silent(2, 'Paris'),
      silent(3, 'Paris'),
      row({ attempt: 4, prediction: 'Lyon', forced: true, termination: 'forced', correct: false }),
    ]);
    expect(picked?.attempt).toBe(4);
    expect(majorityPick([silent(1, 'Paris'), silent(2, 'Paris')])).toBeNull();
  });

  it("records an unanswered attempt's last words in runs.jsonl, as the extension takes them", async () => {
    const tools: AgentTools = {
      search: async () => ({ results: [], text: '' }),
      visit: async () => ({ pages: [], text: '' }),
    } as unknown as AgentTools;
    const engine = new ScriptedEngine(
      () => '<think>\nThe records point to Paris.\n</think>\nMost likely Paris.',
    );
    const out = await runAttempt(
      { item: { id: 'q', question: 'Which city?', answer: 'Paris', aliases: [] }, window: 32768, attempt: 1 },
      { engine, tools, settings: { maxSteps: 2 } },
      exactJudge(),
      { signal: new AbortController().signal, clock: Date.now },
    );
    expect(out?.row.termination).toBe('no-answer');
    expect(out?.row.lastWords).toBe('Most likely Paris.');
    const [read] = readRuns(`${JSON.stringify(out?.row)}\n`).rows;
    expect(read?.lastWords).toBe('Most likely Paris.');
  });
});
