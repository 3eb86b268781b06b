import { createControl, type ResearchControl } from '../agent/deps';
import { buildSystemPrompt, formatDate } from '../agent/prompt';
import type { AgentStep } from '../agent/types';
import type { RunError } from '../errors/run-error';
import { isProfileId } from '../profiles/profiles';
import { profileForSettings } from '../settings/model-profile';
import { parseSettings } from '../settings/schema';
import { type JsonValue, toJson } from '../store/json';
import type { SessionRecord, SessionStatus } from '../store/records';
import { stepFromRecord, stepToRecord } from '../store/step-codec';
import { agentSettingsFrom } from './agent-settings';
import { runAttempts } from './attempts';
import { followUpStart } from './follow-up';
import { seedStepFromPage } from './page-seed';
import { type RunnerDeps, runOnce, type Snapshot } from './run-once';
import type { StartRequest } from './start-request';

export type { RunnerDeps } from './run-once';

interface Active {
  abort: AbortController;
  /** The controls of the attempts in progress: answer-now and steer reach each of them. */
  controls: Set<ResearchControl>;
  done: Promise<void>;
}

/** Owns the running sessions of this offscreen document: start, stop, steer, resume. */
export function createResearchRunner(deps: RunnerDeps) {
  const active = new Map<string, Active>();
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

  const launch = (
    sessionId: string,
    question: string,
    snap: Snapshot,
    steps: AgentStep[],
    seedUrls: string[],
    seeded: boolean,
  ) => {
    const abort = new AbortController();
    const control = createControl();
    const entry: Active = { abort, controls: new Set([control]), done: Promise.resolve() };
    // Taken before the run, which appends to `steps`: every further attempt starts from the page.
    const seed = seeded ? steps.filter((s) => s.seq === 0).map((s) => structuredClone(s)) : [];
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
        { sessionId, question, snap, steps, seedUrls },
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
        };
        const more = await runAttempts(ctx, first);
        await finish(more.status, more.error);
      } catch (err) {
        await finish('error', err instanceof Error ? err.message : String(err));
      }
    })();
    active.set(sessionId, entry);
    deps.broadcast({ type: 'sessions-changed' });
  };

  const snapshotOf = (raw: JsonValue | undefined): Snapshot | null => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const systemPrompt = raw.systemPrompt;
    if (typeof systemPrompt !== 'string') return null;
    // Runs saved before profiles ran with general-model settings; they continue that way.
    const modelProfile = isProfileId(raw.modelProfile) ? raw.modelProfile : 'general';
    const question = typeof raw.question === 'string' ? { question: raw.question } : {};
    return { app: parseSettings(raw.app), systemPrompt, modelProfile, ...question };
  };

  /** The earlier session of a thread, read for a follow-up's first step and context. */
  const followUpOf = async (earlierId: string, question: string, now: number) => {
    const earlier = await deps.store.sessions.get(earlierId);
    if (!earlier) throw new Error('The earlier question of this thread no longer exists.');
    const steps = (await deps.store.steps.listForSession(earlierId)).map(stepFromRecord);
    return followUpStart(question, earlier, steps, now);
  };
  /** Runs that start from a first step given to them keep it through retries and further attempts. */
  const seededRun = (s: SessionRecord | undefined) =>
    s?.origin === 'page' || s?.origin === 'selection' || s?.followUpOf !== undefined;

  /** Continues a saved session; the caller holds the claim. */
  const relaunch = async (sessionId: string): Promise<{ sessionId: string }> => {
    const session = await deps.store.sessions.get(sessionId);
    if (!session) throw new Error('That session no longer exists.');
    if (session.readOnly) throw new Error('Imported sessions are read-only and cannot be continued.');
    const snap = snapshotOf(session.settings);
    if (!snap) throw new Error('This session was saved by an older version and cannot be continued.');
    const steps = (await deps.store.steps.listForSession(sessionId)).map(stepFromRecord);
    await deps.store.sessions.patch(sessionId, {
      status: 'running',
      partialTurn: undefined,
      error: undefined,
      errorCode: undefined,
      errorInfo: undefined,
    });
    const seeded = seededRun(session);
    const first = steps.find((s) => s.seq === 0);
    const seedUrls = session.originUrl
      ? [session.originUrl]
      : seeded && first?.action.kind === 'visit'
        ? first.action.url
        : [];
    launch(sessionId, snap.question ?? session.question, snap, steps, seedUrls, seeded);
    return { sessionId };
  };

  return {
    async start(req: StartRequest): Promise<{ sessionId: string }> {
      // One model serves one conversation at a time: interleaved requests would thrash its cache.
      return exclusive(
        'A research run is already going. Stop it or wait for its answer before asking again.',
        async () => {
          const app = await deps.loadSettings();
          const now = deps.clock();
          const modelProfile = (await deps.modelProfile?.(app).catch(() => null)) ?? profileForSettings(app);
          const prompts = agentSettingsFrom(app, modelProfile).prompts;
          const systemPrompt = buildSystemPrompt({
            date: formatDate(now),
            ...(prompts ? { text: prompts.system } : {}),
          });
          const id = deps.newId();
          const question = req.question;
          const thread = req.followUpOf ? await followUpOf(req.followUpOf, question, now) : null;
          const snap: Snapshot = {
            app,
            systemPrompt,
            modelProfile,
            ...(thread ? { question: thread.modelQuestion } : {}),
          };
          await deps.store.sessions.create({
            id,
            question,
            origin: req.origin,
            ...(req.page ? { originUrl: req.page.url, originTitle: req.page.title } : {}),
            ...(req.followUpOf ? { followUpOf: req.followUpOf } : {}),
            status: 'running',
            settings: toJson(snap),
            engine: app.engine,
          });
          const steps: AgentStep[] = [];
          if (thread?.seed) {
            await deps.store.steps.put(stepToRecord(id, thread.seed));
            steps.push(thread.seed);
            launch(id, thread.modelQuestion, snap, steps, thread.seedUrls, true);
            return { sessionId: id };
          }
          if (thread) {
            launch(id, thread.modelQuestion, snap, steps, [], false);
            return { sessionId: id };
          }
          if (req.page) {
            const goal = req.page.selection
              ? `Understand the selected passage: ${req.page.selection}`
              : question;
            const source = req.page.selection
              ? `${req.page.selection}\n\n${req.page.markdown}`
              : req.page.markdown;
            const seed = seedStepFromPage(
              { url: req.page.url, title: req.page.title, ...deps.pageEvidence(source, goal) },
              goal,
              now,
            );
            await deps.store.steps.put(stepToRecord(id, seed));
            steps.push(seed);
          }
          launch(id, question, snap, steps, req.page ? [req.page.url] : [], Boolean(req.page));
          return { sessionId: id };
        },
      );
    },

    async resume(sessionId: string): Promise<{ sessionId: string }> {
      if (active.has(sessionId)) return { sessionId };
      return exclusive(OTHER_RUN, () => relaunch(sessionId));
    },

    /** Drops the steps from `seq` on and continues from there with a fresh sample. */
    async retryFrom(sessionId: string, seq: number): Promise<{ sessionId: string }> {
      if (active.has(sessionId)) throw new Error('Stop the run before retrying from a step.');
      return exclusive(OTHER_RUN, async () => {
        // The page a "research this page" run started from is its first step: retrying keeps it.
        const session = await deps.store.sessions.get(sessionId);
        const seeded = seededRun(session);
        await deps.store.steps.deleteFrom(sessionId, seeded ? Math.max(seq, 1) : seq);
        await deps.store.sessions.patch(sessionId, {
          answer: undefined,
          citations: undefined,
          error: undefined,
        });
        return relaunch(sessionId);
      });
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
    activeIds: () => [...active.keys()],
    /** For tests and shutdown: resolves when the session's run has finished and been saved. */
    settled: (sessionId: string) => active.get(sessionId)?.done ?? Promise.resolve(),
    /** Sessions a closed browser or crashed document left 'running' become 'paused', ready to resume. */
    async pauseOrphans(): Promise<number> {
      const running = await deps.store.sessions.listByStatus('running');
      const orphans = running.filter((s) => !active.has(s.id));
      await Promise.all(orphans.map((s) => deps.store.sessions.patch(s.id, { status: 'paused' })));
      return orphans.length;
    },
  };
}

export type ResearchRunner = ReturnType<typeof createResearchRunner>;
