import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeRow } from '../../../scripts/eval/attempt';
import { llmJudge } from '../../../scripts/eval/judge';
import { loadData } from '../../../scripts/eval/node/load-data';
import { renderReport } from '../../../scripts/eval/report';
import { type RunRow, readRuns } from '../../../scripts/eval/run-row';
import { parseSetGrading, scoreSetAnswer, summariseSetScores } from '../../../scripts/eval/set-answer-score';
import { summarise } from '../../../scripts/eval/summary';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { removeTempOuts, tempOut } from './helpers/run-cli';

/**
 * DeepSearchQA: DSQA-full.csv (columns problem, problem_category, answer, answer_type) and its
 * set-answer metric. The rows below are made up for the test, laid out like the published file.
 */

const signal = new AbortController().signal;
const instant = { retries: 0, baseDelayMs: 0 };
afterAll(removeTempOuts);

const grading = (found: Record<string, boolean>, excessive: string[]) =>
  JSON.stringify({
    'Answer Correctness': {
      Explanation: 'Compared item by item.',
      'Correctness Details': found,
      'Excessive Answers': excessive,
    },
  });

describe('the set-answer metric', () => {
  it('scores each outcome with precision, recall and F1', () => {
    expect(scoreSetAnswer({ found: { Belgium: true, France: true }, excessive: [] })).toEqual({
      precision: 1,
      recall: 1,
      f1: 1,
      outcome: 'fully-correct',
    });
    const extra = scoreSetAnswer({ found: { Belgium: true, France: true }, excessive: ['Italy'] });
    expect(extra.outcome).toBe('correct-with-excessive');
    expect(extra.precision).toBeCloseTo(2 / 3);
    expect(extra.recall).toBe(1);
    expect(extra.f1).toBeCloseTo(0.8);
    const partial = scoreSetAnswer({ found: { A: true, B: false, C: false }, excessive: ['D'] });
    expect(partial.outcome).toBe('partially-correct');
    expect(partial.precision).toBe(0.5);
    expect(partial.recall).toBeCloseTo(1 / 3);
    expect(partial.f1).toBeCloseTo(0.4);
    expect(scoreSetAnswer({ found: { A: false, B: false }, excessive: ['C'] })).toEqual({
      precision: 0,
      recall: 0,
      f1: 0,
      outcome: 'fully-incorrect',
    });
  });

  it('averages over graded attempts: shares of outcomes and mean precision, recall, F1', () => {
    const s = summariseSetScores([
      scoreSetAnswer({ found: { A: true, B: true }, excessive: [] }),
      scoreSetAnswer({ found: { A: true, B: true }, excessive: ['C', 'D'] }),
      scoreSetAnswer({ found: { A: false, B: false }, excessive: [] }),
      scoreSetAnswer({ found: { A: true, B: false }, excessive: [] }),
    ]);
    expect(s).toMatchObject({
      rated: 4,
      fullyCorrect: 0.25,
      correctWithExcessive: 0.25,
      partiallyCorrect: 0.25,
      fullyIncorrect: 0.25,
    });
    expect(s.recall).toBeCloseTo((1 + 1 + 0 + 0.5) / 4);
    expect(s.precision).toBeCloseTo((1 + 0.5 + 0 + 1) / 4);
    expect(summariseSetScores([]).fullyCorrect).toBeNull();
  });

  it("reads the grader's JSON in a fence or after thinking, and nothing else", () => {
    expect(
      parseSetGrading(`<think>{"x":1}</think>\n\`\`\`json\n${grading({ A: true }, ['B'])}\n\`\`\``),
    ).toEqual({
      found: { A: true },
      excessive: ['B'],
    });
    expect(parseSetGrading('{"Answer Correctness": {"Correctness Details": {"A": false}}}')).toEqual({
      found: { A: false },
      excessive: [],
    });
    expect(parseSetGrading('All items found.')).toBeNull();
    expect(parseSetGrading('{"Answer Correctness": {"Correctness Details": {"A": "yes"}}}')).toBeNull();
  });
});

describe('DSQA-full.csv', () => {
  it('loads every question and marks the set-answer ones', async () => {
    const file = join(tempOut('dsqa'), 'DSQA-full.csv');
    writeFileSync(
      file,
      [
        'problem,problem_category,answer,answer_type',
        '"Which countries border both Luxembourg and the Netherlands?",Geography,"Belgium, Germany",Set Answer',
        '"In which year did the observatory open, given it opened after the bridge?",History,1874,Single Answer',
      ].join('\r\n'),
    );
    const loaded = await loadData(file, { decrypt: false });
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    expect(loaded.items).toEqual([
      {
        id: '1',
        question: 'Which countries border both Luxembourg and the Netherlands?',
        answer: 'Belgium, Germany',
        aliases: [],
        answerType: 'set',
      },
      {
        id: '2',
        question: 'In which year did the observatory open, given it opened after the bridge?',
        answer: '1874',
        aliases: [],
      },
    ]);
  });
});

const SET_ITEM = {
  id: '1',
  question: 'Which countries border both Luxembourg and the Netherlands?',
  answer: 'Belgium, Germany',
  aliases: [],
  answerType: 'set' as const,
};

describe('a set-answer question is judged item by item', () => {
  it('an answer with an extra item is not correct; its set score is kept on the row', async () => {
    const engine = new ScriptedEngine([grading({ Belgium: true, Germany: true }, ['France'])]);
    const v = await judgeRow(llmJudge(engine, instant), SET_ITEM, 'Belgium, Germany and France', signal);
    expect(v.correct).toBe(false);
    expect(v.set?.outcome).toBe('correct-with-excessive');
    expect(v.set?.f1).toBeCloseTo(0.8);
    const prompt = String(engine.requests[0]?.[0]?.content);
    expect(prompt).toContain('Belgium, Germany');
    expect(prompt).toContain('Correctness Details');
  });

  it('all items and nothing more is correct; an unreadable grading is wrong and unrated', async () => {
    const engine = new ScriptedEngine([grading({ Belgium: true, Germany: true }, []), 'Looks right to me.']);
    const judge = llmJudge(engine, instant);
    const right = await judgeRow(judge, SET_ITEM, 'Germany and Belgium', signal);
    expect(right).toMatchObject({ correct: true, set: { outcome: 'fully-correct', f1: 1 } });
    const unreadable = await judgeRow(judge, SET_ITEM, 'Germany and Belgium', signal);
    expect(unreadable.correct).toBe(false);
    expect(unreadable.set).toBeUndefined();
  });

  it('a single-answer question still gets the ordinary judge and no set score', async () => {
    const engine = new ScriptedEngine(['correct: yes']);
    const v = await judgeRow(
      llmJudge(engine, instant),
      { ...SET_ITEM, answerType: undefined },
      'Belgium',
      signal,
    );
    expect(v.correct).toBe(true);
    expect(v.set).toBeUndefined();
    expect(String(engine.requests[0]?.[0]?.content)).not.toContain('Correctness Details');
  });
});

const row = (id: string, correct: boolean, set?: RunRow['set']): RunRow => ({
  id,
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
  peakContextTokens: 100,
  tokensIn: 100,
  tokensOut: 10,
  seconds: 1,
  supportedShare: 0,
  judgeRaw: null,
  judgedBy: 'llm',
  correct,
  error: null,
  errorStage: null,
  ...(set ? { set } : {}),
});

describe('the report', () => {
  it('shows the set-answer figures beside Pass@1, and runs.jsonl keeps the set score', () => {
    const rows = [
      row('1', true, scoreSetAnswer({ found: { A: true }, excessive: [] })),
      row('2', false, scoreSetAnswer({ found: { A: true, B: false }, excessive: [] })),
      row('3', true),
    ];
    const reread = readRuns(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`).rows;
    expect(reread[1]?.set).toMatchObject({ outcome: 'partially-correct', recall: 0.5 });
    const summary = summarise(['1', '2', '3'], 1, [8192], reread);
    expect(summary.windows[0]?.setAnswers).toMatchObject({
      rated: 2,
      fullyCorrect: 0.5,
      partiallyCorrect: 0.5,
    });
    const md = renderReport(
      summary,
      { model: 'm', data: 'DSQA-full.csv', judge: 'llm', profile: 'general', startedAt: 'now' },
      'p.svg',
    );
    expect(md).toContain('| Set answers fully correct | 50.0% |');
    expect(md).toMatch(/Set answers precision \/ recall \/ F1 \(means\) \| 100\.0% \/ 75\.0% \/ 83\.3%/);
  });
});
