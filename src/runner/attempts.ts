import { createControl, type ResearchControl } from '../agent/deps';
import type { AgentStep } from '../agent/types';
import { readCitedAnswer } from '../export/records';
import { toJson } from '../store/json';
import type { SessionStatus } from '../store/records';
import { stepToRecord } from '../store/step-codec';
import { type Candidate, candidateOf, voteAttempts } from './attempt-vote';
import type { RunGuard } from './run-guard';
import { type RunnerDeps, type RunOutcome, runOnce, type Snapshot } from './run-once';

export interface AttemptsContext {
  deps: RunnerDeps;
  parentId: string;
  snap: Snapshot;
  /** The page a page-origin run started from: every attempt starts from it too. */
  seed: readonly AgentStep[];
  seedUrls: string[];
  /** The parent's signal: Stop ends the attempts in progress and skips the rest. */
  signal: AbortSignal;
  /** Answer-now and steer go to every attempt in progress. */
  controls: Set<ResearchControl>;
  /** The parent's privacy and approvals: an attempt's requests show on the parent's session. */
  guard?: RunGuard;
}

/** Attempts that may run at once: several only on a model server (a local model serves one conversation). */
export function attemptSlots(snap: Snapshot): number {
  return snap.app.engine === 'openai'
    ? Math.max(1, Math.min(snap.app.parallelAttempts, snap.app.attempts))
    : 1;
}

/** A counting semaphore: attempts take a slot to run and give it back when done. */
function slots(n: number) {
  let free = n;
  const waiting: Array<() => void> = [];
  return {
    async take(): Promise<void> {
      if (free > 0) {
        free--;
        return;
      }
      await new Promise<void>((ok) => waiting.push(ok));
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

type SessionRecord = NonNullable<Awaited<ReturnType<RunnerDeps['store']['sessions']['get']>>>;

/** Attempt `n` as a child session of the parent, from the parent's seed; its candidate when it ends. */
async function runChild(ctx: AttemptsContext, parent: SessionRecord, n: number): Promise<Candidate | null> {
  const { deps, parentId, snap, signal } = ctx;
  const id = deps.newId();
  await deps.store.sessions.create({
    id,
    question: parent.question,
    origin: parent.origin,
    ...(parent.originUrl !== undefined ? { originUrl: parent.originUrl } : {}),
    ...(parent.originTitle !== undefined ? { originTitle: parent.originTitle } : {}),
    status: 'running',
    settings: parent.settings,
    ...(parent.engine !== undefined ? { engine: parent.engine } : {}),
    parentId,
    attempt: n,
  });
  const steps = ctx.seed.map((s) => structuredClone(s));
  for (const s of steps) await deps.store.steps.put(stepToRecord(id, s));
  const control = createControl();
  ctx.controls.add(control);
  const question = snap.question ?? parent.question;
  const spec = {
    sessionId: id,
    question,
    snap,
    steps,
    seedUrls: ctx.seedUrls,
    ...(ctx.guard ? { guard: ctx.guard } : {}),
  };
  const outcome = await runOnce(deps, spec, signal, control).finally(() => ctx.controls.delete(control));
  await deps.store.sessions.patch(id, {
    status: outcome.status,
    ...(outcome.error ? { error: outcome.error } : {}),
  });
  deps.broadcast({ type: 'sessions-changed' });
  return signal.aborted ? null : candidateOf(id, outcome.result);
}

/** The Attempts vote (attempt-vote.ts) over the candidates: the winner, always one that answered. */
function elect(all: Candidate[]): { winner: Candidate; agreeing: number } | null {
  const vote = voteAttempts(all);
  const winner = vote ? all[vote.winner] : undefined;
  return vote && winner ? { winner, agreeing: vote.agreeing } : null;
}

/** The parent takes the winner's answer and citations, and the vote's count in its stats. */
async function saveWinner(ctx: AttemptsContext, elected: { winner: Candidate; agreeing: number }) {
  const { deps, parentId, snap } = ctx;
  const { winner, agreeing } = elected;
  const current = await deps.store.sessions.get(parentId);
  const stats = current?.stats;
  const base = typeof stats === 'object' && stats !== null && !Array.isArray(stats) ? stats : {};
  await deps.store.sessions.patch(parentId, {
    answer: winner.text,
    citations: toJson(winner.citations),
    error: undefined,
    stats: {
      ...base,
      votes: { attempts: snap.app.attempts, agreeing, winnerSession: winner.sessionId },
    },
  });
}

/**
 * Several attempts at one question (DR-Venus: Pass@16 ≈ 2.3× Pass@1), each a child session of its
 * own, then a weighted vote over every answer, the parent's first included; the parent takes the
 * winner. Further attempts run whatever the first did — answered, was forced, or failed — since a
 * failed first attempt is where another sample helps most. On a model server they may run at once
 * (`parallelAttempts`); the first attempt holds one of the slots from the start. An attempt that
 * already answered (a run resumed after Stop) is kept rather than run again.
 */
export async function runAttempts(
  ctx: AttemptsContext,
  first: Promise<RunOutcome>,
): Promise<{ status: SessionStatus; error?: string }> {
  const { deps, parentId, snap, signal } = ctx;
  const pool = slots(attemptSlots(snap));
  await pool.take();
  let firstDone = false;
  const firstRun = first.then((outcome) => {
    firstDone = true;
    pool.give();
    return outcome;
  });
  const parent = await deps.store.sessions.get(parentId);
  const existing = await deps.store.sessions.listChildren(parentId);
  // Nothing more to try when the run was stopped or paused, or the engine never started.
  const hopeless = (o: RunOutcome) => o.status === 'stopped' || o.status === 'paused' || o.result === null;

  const attempt = async (n: number): Promise<Candidate | null> => {
    await pool.take();
    try {
      if (signal.aborted || !parent) return null;
      if (firstDone && hopeless(await firstRun)) return null;
      const old = existing.find((s) => s.attempt === n);
      if (old?.status === 'done' && old.answer !== undefined) {
        const citations = readCitedAnswer(old.citations);
        return { sessionId: old.id, text: old.answer, citations, weight: 1, answered: true };
      }
      if (old) await deps.store.sessions.delete(old.id);
      return await runChild(ctx, parent, n);
    } finally {
      pool.give();
    }
  };

  const more: Array<Promise<Candidate | null>> = [];
  for (let n = 2; n <= snap.app.attempts; n++) more.push(attempt(n));
  const outcome = await firstRun;
  const others = await Promise.all(more);
  if (signal.aborted) return { status: 'stopped' };
  if (hopeless(outcome))
    return { status: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) };

  const candidates = [candidateOf(parentId, outcome.result), ...others].filter(
    (c): c is Candidate => c !== null,
  );
  const elected = elect(candidates);
  if (!elected) return { status: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) };
  await saveWinner(ctx, elected);
  return { status: 'done' };
}
