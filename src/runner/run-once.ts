import type { AgentTools, ResearchControl, TokenCounter } from '../agent/deps';
import { runResearch } from '../agent/loop';
import type { AgentStep, ResearchResult } from '../agent/types';
import { citeAnswer } from '../citations/cite-answer';
import { type RunError, runErrorOf } from '../errors/run-error';
import { SEARCH_FAILED_MESSAGE } from '../errors/search-failed';
import type { ChatEngine } from '../llm/engine';
import { guardStalls, stallLimitsFor } from '../llm/stall-guard';
import { chooseProfile, type ProfileId } from '../profiles/profiles';
import type { OwnPage, RunPrivacy } from '../security/run-privacy';
import type { Settings } from '../settings/schema';
import { isQuotaError, QUOTA_MESSAGE, StoreError } from '../store/errors';
import { toJson } from '../store/json';
import type { Store } from '../store/open-store';
import type { SessionStatus } from '../store/records';
import { agentSettingsFrom } from './agent-settings';
import { type EarlierSeen, earlierSeenOf } from './earlier-seen';
import { privateTextOf } from './page-seed';
import type { RunGuard } from './run-guard';
import { withTokenizer } from './run-tokenizer';
import type { RunnerEvent } from './runner-events';
import { allSearchesFailed } from './search-failure';
import { createSessionWriter, type PartialTurn } from './session-writer';
import { createWholePages, type WholePage } from './whole-pages';

export interface RunnerDeps {
  /** `pages`, the page cache: the whole text of pages read before a resume, for citations. */
  store: Pick<Store, 'sessions' | 'steps'> & Partial<Pick<Store, 'pages'>>;
  broadcast(e: RunnerEvent): void;
  loadSettings(): Promise<Settings>;
  /** The engine for these settings, loaded (throws a user-facing EngineError otherwise). */
  engine(settings: Settings, signal: AbortSignal): Promise<ChatEngine>;
  tools(settings: Settings, ctx: RunToolContext): AgentTools | Promise<AgentTools>;
  /**
   * Whether "research this page" on this page makes a private run: a signed-out read of its address
   * through the fetch path, compared (src/security/run-privacy.ts). Absent: every such run is private.
   */
  pagePrivacy?(settings: Settings, page: OwnPage, signal: AbortSignal): Promise<RunPrivacy>;
  /** The profile the model the settings choose calls for (DR-Venus models: 'dr-venus'). */
  modelProfile?(settings: Settings): Promise<ProfileId>;
  /** A session's run (all its attempts) ended: resources kept for it, such as agent tabs, go. */
  afterRun?(): Promise<void>;
  /** Exact counts for every model. */
  tokenizer?: TokenCounter;
  /** Exact counts for the model these settings choose, where its tokenizer ships (Qwen3). */
  tokenizerFor?(settings: Settings): TokenCounter | undefined;
  clock: () => number;
  newId: () => string;
}

/** What a run's tools are built for. */
export interface RunToolContext {
  question: string;
  seedUrls: string[];
  privateText: string[];
  earlier: EarlierSeen;
  profile: ProfileId;
  userQuestion?: string;
  ownUrls?: string[];
  privacy?: RunPrivacy;
  ask?: RunGuard['ask'];
  allowRest?: boolean;
  onPrivate?(): void;
  /** A page the visit tool read, whole: citations check the answer against all of it. */
  onPageRead?(page: WholePage): void;
}

export interface Snapshot {
  app: Settings;
  systemPrompt: string;
  /** The profile the model called for when the run started ('auto' settles on it). */
  modelProfile: ProfileId;
  /** The question as the model sees it, where it differs from the session's (a follow-up's context). */
  question?: string;
}

export interface RunSpec {
  sessionId: string;
  question: string;
  snap: Snapshot;
  steps: AgentStep[];
  seedUrls: string[];
  /** Public or private, and how a private run asks the user (absent in tests of other parts). */
  guard?: RunGuard;
}

export interface RunOutcome {
  /** What the session's status should become; the caller decides when to write it. */
  status: SessionStatus;
  error?: string;
  /** Set for failures the panel explains in its own way ('search-failed'). */
  errorCode?: string;
  /** The failure as data, saved on the session for the panel and the export to word. */
  info?: RunError;
  /** Null when the engine or tools failed before the loop ran. */
  result: ResearchResult | null;
}

/**
 * Failures that are not the run's fault pause it, so Continue picks it up from its last complete
 * step: a lost GPU device (Continue reloads the model), a model that went silent, and a tab being
 * read that the user closed (Continue reads the page again).
 */
const PAUSE_CODES = new Set(['device-lost', 'timeout', 'tab-closed']);

const STORE_FULL: RunError = { code: 'store-full', params: {} };

const QUOTA_PAUSED = `${QUOTA_MESSAGE} The run is paused: press Continue once there is room.`;

const statusOf = (r: ResearchResult): SessionStatus =>
  r.status === 'aborted' ? 'stopped' : r.status === 'error' ? 'error' : 'done';

/** Saves and broadcasts the run's events; a full disk aborts `full` and pauses the run. */
function writerFor(deps: RunnerDeps, sessionId: string, full: AbortController) {
  return createSessionWriter(deps.store, sessionId, deps.broadcast, (err) => {
    const quota = isQuotaError(err) || (err instanceof StoreError && err.code === 'quota');
    if (quota) full.abort();
    deps.broadcast({
      type: 'session',
      sessionId,
      event: {
        type: 'error',
        code: 'store',
        message: quota ? QUOTA_PAUSED : err instanceof Error ? err.message : String(err),
        fatal: quota,
        error: quota
          ? STORE_FULL
          : { code: 'store-failed', params: { detail: err instanceof Error ? err.message : String(err) } },
      },
    });
  });
}

type Writer = ReturnType<typeof writerFor>;

/** The engine loaded, the tools built, and the loop run over the spec's steps. */
async function runLoop(
  deps: RunnerDeps,
  spec: RunSpec,
  run: AbortSignal,
  control: ResearchControl,
  writer: Writer,
): Promise<ResearchResult> {
  const { sessionId, snap } = spec;
  const engine = guardStalls(
    await deps.engine(snap.app, run),
    stallLimitsFor(snap.app.engine === 'openai' ? 'openai' : 'local', snap.app.openaiFirstByteTimeoutMs),
  );
  // The model that writes this run's answer, as the engine names it: the panel says who wrote it.
  const model = engine.info().modelId;
  if (model) await deps.store.sessions.patch(sessionId, { model }).catch(() => undefined);
  const earlier = earlierSeenOf(spec.steps);
  const whole = createWholePages();
  await whole.load(earlier.pages, deps.store.pages);
  return runResearch(
    {
      engine,
      cite: (answer, pages) => citeAnswer(answer, whole.over(pages)),
      tools: await deps.tools(snap.app, {
        question: spec.question,
        seedUrls: spec.seedUrls,
        privateText: privateTextOf(spec.steps),
        earlier,
        profile: chooseProfile(snap.app.profile, snap.modelProfile),
        onPageRead: whole.add,
        ...(spec.guard ? await guardContext(spec.guard, run) : {}),
      }),
      ...withTokenizer(deps, snap.app),
      clock: deps.clock,
      newId: deps.newId,
    },
    {
      question: spec.question,
      settings: agentSettingsFrom(snap.app, snap.modelProfile),
      resume: { systemPrompt: snap.systemPrompt, steps: spec.steps },
    },
    { signal: run, control, onEvent: writer.onEvent, beforeTool: () => writer.flush() },
  );
}

/** A run whose every search failed ends in an error that says so; null when some search answered. */
async function searchesFailed(writer: Writer, result: ResearchResult): Promise<RunOutcome | null> {
  const searchFailure = result.status === 'aborted' ? null : allSearchesFailed(result.steps);
  if (searchFailure === null) return null;
  const message = SEARCH_FAILED_MESSAGE(searchFailure.text);
  const info: RunError | undefined = searchFailure.info
    ? { code: 'search-all-failed', params: { first: searchFailure.info } }
    : undefined;
  writer.onEvent({
    type: 'error',
    code: 'search-failed',
    message,
    fatal: true,
    ...(info ? { error: info } : {}),
  });
  await writer.flush();
  return {
    status: 'error',
    error: message,
    errorCode: 'search-failed',
    ...(info ? { info } : {}),
    result,
  };
}

/** One full research run of one session, its events saved and broadcast under that session's id. */
export async function runOnce(
  deps: RunnerDeps,
  spec: RunSpec,
  signal: AbortSignal,
  control: ResearchControl,
): Promise<RunOutcome> {
  const { sessionId } = spec;
  // A full disk stops the run where it is: going on would show steps that are not saved.
  const full = new AbortController();
  const run = AbortSignal.any([signal, full.signal]);
  const writer = writerFor(deps, sessionId, full);
  try {
    const result = await runLoop(deps, spec, run, control, writer);
    await writer.flush();
    if (full.signal.aborted && !signal.aborted) {
      await keepPartial(deps, sessionId, writer.partial());
      return { status: 'paused', error: QUOTA_PAUSED, errorCode: 'quota', info: STORE_FULL, result };
    }
    const paused = PAUSE_CODES.has(result.error?.engineCode ?? '');
    const error = result.error?.message;
    const failedAll = paused ? null : await searchesFailed(writer, result);
    if (failedAll) return failedAll;
    const status = paused ? 'paused' : statusOf(result);
    if (status !== 'done') await keepPartial(deps, sessionId, writer.partial());
    const info = result.error?.info;
    return { status, ...(error ? { error } : {}), ...(info ? { info } : {}), result };
  } catch (err) {
    const e = err as { message?: string; hint?: string };
    const message = [e.message ?? String(err), e.hint].filter(Boolean).join(' ');
    const info = runErrorOf(err) ?? { code: 'engine-failed', params: { detail: message } };
    writer.onEvent({ type: 'error', code: 'engine-failed', message, fatal: true, error: info });
    await writer.flush();
    await keepPartial(deps, sessionId, writer.partial());
    if (full.signal.aborted && !signal.aborted)
      return { status: 'paused', error: QUOTA_PAUSED, errorCode: 'quota', info: STORE_FULL, result: null };
    return { status: signal.aborted ? 'stopped' : 'error', error: message, info, result: null };
  }
}

async function guardContext(guard: RunGuard, signal: AbortSignal): Promise<Partial<RunToolContext>> {
  const privacy = await guard.privacy(signal);
  return {
    userQuestion: guard.userQuestion,
    ownUrls: guard.ownUrls,
    privacy,
    ask: guard.ask,
    allowRest: guard.allowRest,
    onPrivate: guard.onPrivate,
  };
}

/** What the model was writing when a stop or failure cut the turn off, kept for the panel to show. */
async function keepPartial(deps: RunnerDeps, sessionId: string, partial: PartialTurn | null) {
  if (!partial) return;
  await deps.store.sessions.patch(sessionId, { partialTurn: toJson(partial) }).catch(() => undefined);
}
