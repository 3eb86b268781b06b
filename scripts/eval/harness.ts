import type { Trajectory } from '../../src/export/trajectory';
import { type AttemptSetup, judgeRow, runAttempt } from './attempt';
import type { EvalItem } from './dataset';
import type { Judge } from './judge';
import { type RunRow, rowKey } from './run-row';

/**
 * Runs every attempt of the plan that `runs.jsonl` does not already hold: questions in parallel
 * (`concurrency`), a question's attempts one after another, once per context window. Attempts that
 * failed before are run again; an attempt whose judge failed is only judged again.
 */

export interface HarnessPlan {
  items: readonly EvalItem[];
  windows: readonly number[];
  attempts: number;
  concurrency: number;
  /** Stop after this many failed attempts in a row (a dead server fails every one). */
  maxConsecutiveErrors: number;
  /** Latest row per attempt from an earlier run into the same directory. */
  previous: ReadonlyMap<string, RunRow>;
}

export interface HarnessDeps {
  setupAttempt(item: EvalItem, window: number, attempt: number): AttemptSetup | Promise<AttemptSetup>;
  judge: Judge;
  /** Makes an attempt durable (row appended, trajectory written) before the next one starts. */
  record(row: RunRow, trajectory: Trajectory | null): void | Promise<void>;
  clock: () => number;
  onRow?(row: RunRow): void;
}

export type HarnessEnd = 'done' | 'stopped' | 'too-many-errors';

interface Todo {
  attempt: number;
  /** A row whose judge failed: judge its prediction again instead of re-running the attempt. */
  rejudge?: RunRow;
}

interface Group {
  item: EvalItem;
  window: number;
  todo: Todo[];
}

export function planGroups(plan: Omit<HarnessPlan, 'concurrency' | 'maxConsecutiveErrors'>): Group[] {
  const groups: Group[] = [];
  for (const window of plan.windows) {
    for (const item of plan.items) {
      const todo: Todo[] = [];
      for (let attempt = 1; attempt <= plan.attempts; attempt++) {
        const old = plan.previous.get(rowKey({ window, id: item.id, attempt }));
        if (old && old.error === null) continue;
        todo.push(old?.errorStage === 'judge' ? { attempt, rejudge: old } : { attempt });
      }
      if (todo.length) groups.push({ item, window, todo });
    }
  }
  return groups;
}

export async function runHarness(
  plan: HarnessPlan,
  deps: HarnessDeps,
  signal: AbortSignal,
): Promise<HarnessEnd> {
  const groups = planGroups(plan);
  const stop = new AbortController();
  const inner = AbortSignal.any([signal, stop.signal]);
  let consecutiveErrors = 0;
  let next = 0;

  const finish = async (row: RunRow, trajectory: Trajectory | null) => {
    await deps.record(row, trajectory);
    deps.onRow?.(row);
    consecutiveErrors = row.error === null ? 0 : consecutiveErrors + 1;
    if (consecutiveErrors >= plan.maxConsecutiveErrors) stop.abort('too-many-errors');
  };

  const runGroup = async (g: Group) => {
    for (const t of g.todo) {
      if (inner.aborted) return;
      if (t.rejudge) {
        const verdict = await judgeRow(deps.judge, g.item, t.rejudge.prediction, inner);
        if (inner.aborted) return;
        await finish({ ...t.rejudge, ...verdict }, null);
        continue;
      }
      const setup = await deps.setupAttempt(g.item, g.window, t.attempt);
      const outcome = await runAttempt(
        { item: g.item, window: g.window, attempt: t.attempt },
        setup,
        deps.judge,
        {
          signal: inner,
          clock: deps.clock,
        },
      );
      if (!outcome) return;
      await finish(outcome.row, outcome.trajectory);
    }
  };

  const worker = async () => {
    while (!inner.aborted) {
      const g = groups[next++];
      if (!g) return;
      try {
        await runGroup(g);
      } catch (err) {
        // Only a stop can end an attempt by throwing (an abort during the judge or a tool).
        if (!inner.aborted) throw err;
      }
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.concurrency, groups.length)) }, worker));
  if (stop.signal.aborted) return 'too-many-errors';
  return signal.aborted ? 'stopped' : 'done';
}
