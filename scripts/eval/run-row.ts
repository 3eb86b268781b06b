import * as v from 'valibot';

/**
 * One attempt at one question, as a line of `runs.jsonl`. Figures come from the agent's own stats
 * (src/agent/stats.ts): searches and visits count tool calls that ran, duplicates count repeated
 * calls answered from history.
 */

export const TERMINATIONS = ['answered', 'forced', 'no-answer', 'context-too-small', 'error'] as const;
export type Termination = (typeof TERMINATIONS)[number];

const Count = v.pipe(v.number(), v.minValue(0));

export const RunRowSchema = v.object({
  id: v.string(),
  attempt: v.pipe(v.number(), v.integer(), v.minValue(1)),
  window: v.pipe(v.number(), v.integer(), v.minValue(0)),
  prediction: v.nullable(v.string()),
  /** The answer came from a turn forced by the step limit or a budget. */
  forced: v.boolean(),
  termination: v.picklist(TERMINATIONS),
  steps: Count,
  searches: Count,
  visits: Count,
  /** visits ÷ (searches + visits) of this attempt; 0 without tool calls. */
  browseShare: Count,
  duplicates: Count,
  /** From the steps' tool results: queries searched, pages read, pages that failed to read. */
  queries: Count,
  pagesRead: Count,
  pagesFailed: Count,
  parseFailures: Count,
  folds: Count,
  peakContextTokens: Count,
  tokensIn: Count,
  tokensOut: Count,
  seconds: Count,
  /** An attempt without an answer: its last words, which Maj@K counts as the Attempts vote does. */
  lastWords: v.optional(v.string()),
  /** Share of the answer's sentences that pages read support; breaks ties in the vote. */
  supportedShare: Count,
  judgeRaw: v.nullable(v.string()),
  /** How the verdict was reached: exact match, exact shortcut before the judge, the judge, empty answer. */
  judgedBy: v.nullable(v.picklist(['exact', 'exact-shortcut', 'llm', 'empty'])),
  /** null: not judged because the attempt failed (see `error`). */
  correct: v.nullable(v.boolean()),
  /** Why the attempt could not be completed (model server, judge); null when it completed. */
  error: v.nullable(v.string()),
  /** Which part failed: a judge failure keeps the prediction and is judged again on resume. */
  errorStage: v.nullable(v.picklist(['model', 'judge'])),
  /** A set-answer question's item-by-item grading (DeepSearchQA); absent for other questions. */
  set: v.optional(
    v.object({
      precision: Count,
      recall: Count,
      f1: Count,
      outcome: v.picklist([
        'fully-correct',
        'correct-with-excessive',
        'partially-correct',
        'fully-incorrect',
      ]),
    }),
  ),
});

export type RunRow = v.InferOutput<typeof RunRowSchema>;

export const rowKey = (r: Pick<RunRow, 'window' | 'id' | 'attempt'>) =>
  `${r.window}\u0000${r.id}\u0000${r.attempt}`;

export interface RunsRead {
  rows: RunRow[];
  /** Length of the text up to the end of the last complete line (a torn last line is cut off). */
  validLength: number;
  /** Lines that are complete but unreadable (kept in the file, ignored). */
  skipped: number[];
}

/**
 * Reads `runs.jsonl`. Rows are appended one whole line at a time, so only the last line can be
 * torn (Ctrl-C or a crash mid-write); it is reported so the writer can cut it before appending.
 */
export function readRuns(text: string): RunsRead {
  const rows: RunRow[] = [];
  const skipped: number[] = [];
  const end = text.lastIndexOf('\n') + 1;
  text
    .slice(0, end)
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        skipped.push(i + 1);
        return;
      }
      const r = v.safeParse(RunRowSchema, json);
      if (r.success) rows.push(r.output);
      else skipped.push(i + 1);
    });
  return { rows, validLength: end, skipped };
}

/** The latest row for each (window, question, attempt): a retried attempt replaces its error row. */
export function latestRows(rows: readonly RunRow[]): Map<string, RunRow> {
  const out = new Map<string, RunRow>();
  for (const r of rows) out.set(rowKey(r), r);
  return out;
}
