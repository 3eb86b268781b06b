import { createControl, type ResearchControl } from '../agent/deps';
import type { AgentStep } from '../agent/types';
import type { RunError } from '../errors/run-error';
import { toJson } from '../store/json';
import type { SessionStatus } from '../store/records';
import type { Approvals } from './approvals';
import { runAttempts } from './attempts';
import { createRunGuard, type GuardSpec } from './run-guard';
import { type RunnerDeps, runOnce, type Snapshot } from './run-once';

/** A session whose run is going in this document. */
export interface Active {
  abort: AbortController;
  /** The controls of the attempts in progress: answer-now and steer reach each of them. */
  controls: Set<ResearchControl>;
  done: Promise<void>;
}

export interface LaunchSpec {
  sessionId: string;
  question: string;
  snap: Snapshot;
  steps: AgentStep[];
  seedUrls: string[];
  /** The run started from a first step given to it (a page, a follow-up): further attempts keep it. */
  seeded: boolean;
  /** Public or private, and whose words are the user's (absent in tests of other parts). */
  guard?: GuardSpec;
}

export type Launch = (spec: LaunchSpec) => void;

/** Starts the run of a saved session, with its further attempts, and marks it active until it is saved. */
export function launchRun(
  deps: RunnerDeps,
  active: Map<string, Active>,
  spec: LaunchSpec,
  approvals: Approvals,
): void {
  const { sessionId, snap, steps, seedUrls } = spec;
  const guard = spec.guard ? createRunGuard(deps, approvals, spec.guard) : undefined;
  const abort = new AbortController();
  const control = createControl();
  const entry: Active = { abort, controls: new Set([control]), done: Promise.resolve() };
  // Taken before the run, which appends to `steps`: every further attempt starts from the page.
  const seed = spec.seeded ? steps.filter((s) => s.seq === 0).map((s) => structuredClone(s)) : [];
  const finish = async (status: SessionStatus, error?: string, errorCode?: string, info?: RunError) => {
    // A full disk can refuse this write too: the run still ends here (the session is then marked
    // paused at the next start), or no other run could ever start.
    await deps.store.sessions
      .patch(sessionId, {
        status,
        ...(error ? { error } : {}),
        ...(errorCode ? { errorCode } : {}),
        ...(info ? { errorInfo: toJson(info) } : {}),
      })
      .catch(() => undefined);
    active.delete(sessionId);
    deps.broadcast({ type: 'sessions-changed' });
    await deps.afterRun?.().catch(() => undefined);
  };
  entry.done = (async () => {
    const first = runOnce(
      deps,
      { sessionId, question: spec.question, snap, steps, seedUrls, ...(guard ? { guard } : {}) },
      abort.signal,
      control,
    ).finally(() => entry.controls.delete(control));
    if (snap.app.attempts <= 1) {
      const outcome = await first;
      return finish(outcome.status, outcome.error, outcome.errorCode, outcome.info);
    }
    try {
      const ctx = {
        deps,
        parentId: sessionId,
        snap,
        seed,
        seedUrls,
        signal: abort.signal,
        controls: entry.controls,
        ...(guard ? { guard } : {}),
      };
      const more = await runAttempts(ctx, first);
      await finish(more.status, more.error);
    } catch (err) {
      await finish('error', err instanceof Error ? err.message : String(err));
    }
  })();
  active.set(sessionId, entry);
  deps.broadcast({ type: 'sessions-changed' });
}
