import type { SendAnswer } from '../security/send-gate';
import { createApprovals } from './approvals';
import { type Active, type LaunchSpec, launchRun } from './launch';
import type { RunnerDeps } from './run-once';
import { relaunchSession, retrySession, startSession } from './session-start';
import type { StartRequest } from './start-request';

export type { RunnerDeps } from './run-once';

/** Owns the running sessions of this offscreen document: start, stop, steer, resume. */
export function createResearchRunner(deps: RunnerDeps) {
  const active = new Map<string, Active>();
  const approvals = createApprovals(deps);
  /**
   * Taken, before anything is awaited, by the start, resume or retry under way. A run enters `active`
   * only once its session is saved; a second request arriving meanwhile (another side panel) must be
   * refused then too, not only once the first is running.
   */
  let claimed = false;
  const exclusive = async <T>(busy: string, work: () => Promise<T>): Promise<T> => {
    if (claimed || active.size > 0) throw new Error(busy);
    claimed = true;
    try {
      return await work();
    } finally {
      claimed = false;
    }
  };
  const OTHER_RUN = 'Another research run is going. Stop it before continuing this one.';

  const launch = (spec: LaunchSpec) => launchRun(deps, active, spec, approvals);

  return {
    async start(req: StartRequest): Promise<{ sessionId: string }> {
      // One model serves one conversation at a time: interleaved requests would thrash its cache.
      return exclusive(
        'A research run is already going. Stop it or wait for its answer before asking again.',
        () => startSession(deps, req, launch),
      );
    },

    async resume(sessionId: string): Promise<{ sessionId: string }> {
      if (active.has(sessionId)) return { sessionId };
      return exclusive(OTHER_RUN, () => relaunchSession(deps, sessionId, launch));
    },

    /** Drops the steps from `seq` on and continues from there with a fresh sample. */
    async retryFrom(sessionId: string, seq: number): Promise<{ sessionId: string }> {
      if (active.has(sessionId)) throw new Error('Stop the run before retrying from a step.');
      return exclusive(OTHER_RUN, () => retrySession(deps, sessionId, seq, launch));
    },

    stop(sessionId: string): boolean {
      const a = active.get(sessionId);
      a?.abort.abort();
      return Boolean(a);
    },
    answerNow(sessionId: string): boolean {
      const a = active.get(sessionId);
      for (const c of a?.controls ?? []) c.answerNow();
      return Boolean(a);
    },
    steer(sessionId: string, note: string): boolean {
      const a = active.get(sessionId);
      for (const c of a?.controls ?? []) c.steer(note);
      return Boolean(a);
    },
    /** The user's answer to what a private run asked to send. */
    approve(sessionId: string, requestId: string, answer: SendAnswer): boolean {
      return approvals.answer(sessionId, requestId, answer);
    },
    activeIds: () => [...active.keys()],
    /** For tests and shutdown: resolves when the session's run has finished and been saved. */
    settled: (sessionId: string) => active.get(sessionId)?.done ?? Promise.resolve(),
    /** Sessions a closed browser or crashed document left 'running' become 'paused', ready to resume. */
    async pauseOrphans(): Promise<number> {
      const running = await deps.store.sessions.listByStatus('running');
      const orphans = running.filter((s) => !active.has(s.id));
      await Promise.all(
        orphans.map((s) => deps.store.sessions.patch(s.id, { status: 'paused', pendingApproval: undefined })),
      );
      return orphans.length;
    },
  };
}

export type ResearchRunner = ReturnType<typeof createResearchRunner>;
