import { describe, expect, it } from 'vitest';
import { majorityPick } from '../../../scripts/eval/majority';
import { latestRows, type RunRow, readRuns } from '../../../scripts/eval/run-row';
import { summarise } from '../../../scripts/eval/summary';

function row(over: Partial<RunRow>): RunRow {
  return {
    id: 'q',
    attempt: 1,
    window: 8192,
    prediction: 'x',
    forced: false,
    termination: 'answered',
    steps: 3,
    searches: 1,
    visits: 1,
    browseShare: 0.5,
    duplicates: 0,
    queries: 1,
    pagesRead: 1,
    pagesFailed: 0,
    parseFailures: 0,
    folds: 0,
    peakContextTokens: 1000,
    tokensIn: 1000,
    tokensOut: 100,
    seconds: 2,
    supportedShare: 0,
    judgeRaw: null,
    judgedBy: 'exact',
    correct: true,
    error: null,
    errorStage: null,
    ...over,
  };
}

describe('runs.jsonl', () => {
  it('reads whole lines and reports a torn last line so it can be cut', () => {
    const a = JSON.stringify(row({ attempt: 1 }));
    const b = JSON.stringify(row({ attempt: 2 }));
    const text = `${a}\n${b}\n{"id": "q", "att`;
    const read = readRuns(text);
    expect(read.rows.map((r) => r.attempt)).toEqual([1, 2]);
    expect(read.validLength).toBe(a.length + b.length + 2);
    expect(read.skipped).toEqual([]);
  });

  it('skips complete lines that are not rows, and keeps the latest row of an attempt', () => {
    const text = [
      JSON.stringify(row({ attempt: 1, correct: null, error: 'HTTP 500', errorStage: 'model' })),
      '{"not": "a row"}',
      JSON.stringify(row({ attempt: 1, correct: false })),
      '',
    ].join('\n');
    const read = readRuns(text);
    expect(read.skipped).toEqual([2]);
    expect([...latestRows(read.rows).values()]).toEqual([row({ attempt: 1, correct: false })]);
  });
});

describe("Maj@K with Sleuth's vote", () => {
  it('picks the answer most attempts agree on', () => {
    const pick = majorityPick([
      row({ attempt: 1, prediction: 'Ellen Fetter', correct: true }),
      row({ attempt: 2, prediction: 'Margaret Hamilton', correct: false }),
      row({ attempt: 3, prediction: 'It was Margaret Hamilton.', correct: false }),
    ]);
    expect(pick?.attempt).toBe(2);
  });

  it('numbers written differently agree; ties go to the better supported answer', () => {
    expect(
      majorityPick([
        row({ attempt: 1, prediction: '30 million', correct: false }),
        row({ attempt: 2, prediction: '384,400 km', correct: true }),
        row({ attempt: 3, prediction: 'about 384400 kilometres', correct: true }),
      ])?.correct,
    ).toBe(true);
    expect(
      majorityPick([
        row({ attempt: 1, prediction: 'Atlantis', supportedShare: 0 }),
        row({ attempt: 2, prediction: 'Zanzibar', supportedShare: 1 }),
      ])?.attempt,
    ).toBe(2);
  });

  it("weighs a forced answer half, as the extension's Attempts vote does", () => {
    // Two forced answers (0.5 + 0.5) tie one chosen answer (1); the tie goes to better support.
    const picked = majorityPick([
      row({ attempt: 1, prediction: 'Lyon', forced: true, termination: 'forced', supportedShare: 0 }),
      row({ attempt: 2, prediction: 'Lyon', forced: true, termination: 'forced', supportedShare: 0 }),
      row({ attempt: 3, prediction: 'Paris', supportedShare: 0.5 }),
    ]);
    expect(picked?.attempt).toBe(3);
    // Unweighted, the two Lyons would have won.
    expect(
      majorityPick([
        row({ attempt: 1, prediction: 'Lyon', supportedShare: 0 }),
        row({ attempt: 2, prediction: 'Lyon', supportedShare: 0 }),
        row({ attempt: 3, prediction: 'Paris', supportedShare: 0.5 }),
      ])?.attempt,
    ).not.toBe(3);
  });

  it('leaves out attempts without an answer or that failed', () => {
    expect(
      majorityPick([row({ prediction: null, correct: false }), row({ correct: null, error: 'x' })]),
    ).toBeNull();
    expect(
      majorityPick([
        row({ attempt: 1, prediction: null, correct: false }),
        row({ attempt: 2, prediction: 'Paris', correct: true }),
      ])?.attempt,
    ).toBe(2);
  });
});

describe('summary', () => {
  it('computes every figure from the rows, leaving failed attempts out', () => {
    const rows = [
      // q1: 2 of 3 correct
      row({
        id: 'q1',
        attempt: 1,
        prediction: 'A',
        correct: true,
        searches: 1,
        visits: 3,
        steps: 5,
        seconds: 10,
      }),
      row({
        id: 'q1',
        attempt: 2,
        prediction: 'A',
        correct: true,
        searches: 1,
        visits: 1,
        steps: 3,
        seconds: 4,
      }),
      row({
        id: 'q1',
        attempt: 3,
        prediction: 'B',
        correct: false,
        searches: 3,
        visits: 0,
        steps: 4,
        seconds: 6,
      }),
      // q2: 0 of 2 judged, one failed
      row({
        id: 'q2',
        attempt: 1,
        prediction: null,
        correct: false,
        termination: 'no-answer',
        searches: 2,
        visits: 0,
      }),
      row({
        id: 'q2',
        attempt: 2,
        prediction: 'C',
        correct: false,
        termination: 'forced',
        forced: true,
        searches: 0,
        visits: 0,
      }),
      row({
        id: 'q2',
        attempt: 3,
        prediction: null,
        correct: null,
        termination: 'error',
        error: 'HTTP 500',
        errorStage: 'model',
      }),
      // outside the plan: another window and a fourth attempt
      row({ id: 'q1', window: 4096, correct: false }),
      row({ id: 'q1', attempt: 4, correct: false }),
    ];
    const s = summarise(['q1', 'q2'], 3, [8192], rows);
    expect(s.questions).toBe(2);
    expect(s.windows).toHaveLength(1);
    const w = s.windows[0];
    expect(w?.pass1).toBe(0.4); // 2 correct of 5 judged
    // q1: n3 c2 → pass@1 2/3, pass@2 1, pass@3 1; q2: n2 c0 → 0, 0, (left out of k = 3)
    expect(w?.passAtK).toEqual({ '1': 0.3333, '2': 0.5, '3': 1 });
    expect(w?.majAtK).toBe(0.5); // q1 votes A (correct), q2 has only C (wrong)
    // visits ÷ tool calls pooled over judged attempts: all 4/11, correct 4/6, incorrect 0/5
    expect(w?.browseShare).toEqual({ all: 0.3636, correct: 0.6667, incorrect: 0 });
    expect(w?.terminations).toEqual({ answered: 3, 'no-answer': 1, forced: 1, error: 1 });
    expect(w?.judged).toBe(5);
    expect(w?.errors).toBe(1);
    expect(w?.avgSteps).toBe(3.6);
  });

  it('has null figures for a window with no judged attempt', () => {
    const w = summarise(['q'], 2, [2048], []).windows[0];
    expect(w).toMatchObject({
      pass1: null,
      passAtK: { '1': null, '2': null },
      majAtK: null,
      judged: 0,
      errors: 0,
    });
  });
});
