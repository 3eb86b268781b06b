import { describe, expect, it } from 'vitest';
import { passAtKSvg } from '../../../scripts/eval/pass-at-k-svg';
import { formatDuration, formatProgress, ProgressTracker } from '../../../scripts/eval/progress';
import { renderReport } from '../../../scripts/eval/report';
import type { RunRow } from '../../../scripts/eval/run-row';
import { summarise } from '../../../scripts/eval/summary';

const row = (id: string, attempt: number, correct: boolean | null): RunRow => ({
  id,
  attempt,
  window: 8192,
  prediction: 'x',
  forced: false,
  termination: correct === null ? 'error' : 'answered',
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
  judgedBy: correct === null ? null : 'exact',
  correct,
  error: correct === null ? 'HTTP 500' : null,
  errorStage: correct === null ? 'model' : null,
});

describe('progress', () => {
  it('counts questions, attempts, accuracy and time left, earlier runs included', () => {
    const keys = ['8192\u0000a', '8192\u0000b'];
    const t = new ProgressTracker(2, keys, [row('a', 1, true), row('b', 1, null)], 0);
    t.add(row('a', 2, false));
    expect(t.state).toMatchObject({
      doneAttempts: 2,
      doneQuestions: 1,
      judged: 2,
      correct: 1,
      errors: 0,
      ranHere: 1,
    });
    // one attempt took 10 s here; two are left
    expect(formatProgress(t.state, 10_000, 4)).toBe(
      '██░░ 1/2 questions · 2/4 attempts · accuracy 50.0% · 20s left',
    );
    t.add(row('b', 1, null));
    expect(formatProgress(t.state, 20_000, 4)).toContain('1 failed');
  });

  it('says time left in readable units', () => {
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(125)).toBe('2m 05s');
    expect(formatDuration(7325)).toBe('2h 02m');
  });
});

describe('report', () => {
  const summary = summarise(
    ['a', 'b'],
    2,
    [8192, 32768],
    [
      row('a', 1, true),
      row('a', 2, false),
      row('b', 1, false),
      row('b', 2, false),
      { ...row('a', 1, true), window: 32768 },
      { ...row('a', 2, true), window: 32768 },
      { ...row('b', 1, false), window: 32768 },
      { ...row('b', 2, null), window: 32768 },
    ],
  );

  it('has a table per window with the figures in percent', () => {
    const md = renderReport(
      summary,
      { model: 'm', data: 'd.jsonl', judge: 'exact', profile: 'general', startedAt: 'now' },
      'pass-at-k.svg',
    );
    expect(md).toContain('## Context window 8192');
    expect(md).toContain('## Context window 32768');
    expect(md).toContain('| Pass@1 (mean over attempts) | 25.0% |');
    expect(md).toContain('| Pass@2 | 50.0% |');
    expect(md).toContain('| Failed attempts (not counted) | 1 |');
    expect(md).toContain('![Pass@K over K](pass-at-k.svg)');
  });

  it('plots one line per window with a legend', () => {
    const svg = passAtKSvg(summary.windows, 2);
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('window 8192');
    expect(svg).toContain('window 32768');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
