import { TokenMeter } from '../agent/budget';
import { NO_FOLD, renderConversation } from '../agent/conversation';
import { buildSystemPrompt, formatDate } from '../agent/prompt';
import { resolveBudget, withDefaults } from '../agent/settings';
import type { AgentStep } from '../agent/types';
import { isProfileId } from '../profiles/profiles';
import { inheritedPrivacy } from '../security/run-privacy';
import { profileForSettings } from '../settings/model-profile';
import { parseSettings } from '../settings/schema';
import { type JsonValue, toJson } from '../store/json';
import type { SessionRecord } from '../store/records';
import { stepFromRecord, stepToRecord } from '../store/step-codec';
import { agentSettingsFrom } from './agent-settings';
import { followUpStart } from './follow-up';
import type { Launch } from './launch';
import { fitPageText, type PageCut, pageSeedSummary, seedStepFromPage } from './page-seed';
import { type GuardSpec, savedGuardSpec } from './run-guard';
import type { RunnerDeps, Snapshot } from './run-once';
import { withTokenizer } from './run-tokenizer';
import type { StartRequest } from './start-request';

/** Tokens kept free for the note's count of characters read, which the measured frame holds as 0. */
const NOTE_SLACK = 8;

/** The settings snapshot a session was saved with, or null when an older version saved it. */
export function snapshotOf(raw: JsonValue | undefined): Snapshot | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const systemPrompt = raw.systemPrompt;
  if (typeof systemPrompt !== 'string') return null;
  // Runs saved before profiles ran with general-model settings; they continue that way.
  const modelProfile = isProfileId(raw.modelProfile) ? raw.modelProfile : 'general';
  const question = typeof raw.question === 'string' ? { question: raw.question } : {};
  return { app: parseSettings(raw.app), systemPrompt, modelProfile, ...question };
}

/** Runs that start from a first step given to them keep it through retries and further attempts. */
export const seededRun = (s: SessionRecord | undefined): boolean =>
  s?.origin === 'page' || s?.origin === 'selection' || s?.followUpOf !== undefined;

/** The earlier session of a thread, read for a follow-up's first step and context. */
async function followUpOf(deps: RunnerDeps, earlierId: string, question: string, now: number) {
  const earlier = await deps.store.sessions.get(earlierId);
  if (!earlier) throw new Error('The earlier question of this thread no longer exists.');
  const steps = (await deps.store.steps.listForSession(earlierId)).map(stepFromRecord);
  return { ...followUpStart(question, earlier, steps, now), privacy: inheritedPrivacy(earlier) };
}

/** Saves a new session for the request and launches its run; the caller holds the claim. */
export async function startSession(
  deps: RunnerDeps,
  req: StartRequest,
  launch: Launch,
): Promise<{ sessionId: string }> {
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
  const thread = req.followUpOf ? await followUpOf(deps, req.followUpOf, question, now) : null;
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
  const page = req.page;
  // Public or private (src/security/run-privacy.ts): what the user typed is theirs, nothing else.
  const guard: GuardSpec = {
    sessionId: id,
    userQuestion: question,
    ownUrls: page ? [page.url] : [],
    privacy: thread
      ? thread.privacy
      : page
        ? (signal) => deps.pagePrivacy?.(app, page, signal) ?? Promise.resolve('private')
        : 'public',
  };
  const run = { sessionId: id, snap, steps, guard };
  if (thread?.seed) {
    await deps.store.steps.put(stepToRecord(id, thread.seed));
    steps.push(thread.seed);
    launch({ ...run, question: thread.modelQuestion, seedUrls: thread.seedUrls, seeded: true });
  } else if (thread) {
    launch({ ...run, question: thread.modelQuestion, seedUrls: [], seeded: false });
  } else {
    if (req.page) steps.push(await savePageSeed(deps, id, { snap, question, now }, req.page));
    launch({ ...run, question, seedUrls: req.page ? [req.page.url] : [], seeded: Boolean(req.page) });
  }
  return { sessionId: id };
}

/**
 * "Research this page" (or a selection on it): the page as the run's first step, saved. The model
 * is given the page whole where the window holds it beside the system prompt, the question and a
 * reply (the user's own page is what the question is about); else its start, and told so.
 */
async function savePageSeed(
  deps: RunnerDeps,
  sessionId: string,
  run: { snap: Snapshot; question: string; now: number },
  page: NonNullable<StartRequest['page']>,
): Promise<AgentStep> {
  const { snap, question, now } = run;
  const goal = page.selection ? `Understand the selected passage: ${page.selection}` : question;
  const source = page.selection ? `${page.selection}\n\n${page.markdown}` : page.markdown;
  const settings = withDefaults(agentSettingsFrom(snap.app, snap.modelProfile));
  // A server that says nothing of its window runs with the setting, as every other engine does.
  const budget = resolveBudget(settings, snap.app.contextWindow);
  const meter = TokenMeter.from(withTokenizer(deps, snap.app).tokenizer);
  const base = { systemPrompt: snap.systemPrompt, question };
  const seedOf = (evidence: string, summary: string, cut?: PageCut) =>
    seedStepFromPage(
      { url: page.url, title: page.title, evidence, summary, ...(cut ? { cut } : {}) },
      goal,
      now,
    );
  // Everything but the page's own text, with the longest note it may carry.
  const frame = seedOf('', pageSeedSummary(source, { read: 0, total: source.length }));
  const fixed = await meter.prompt(renderConversation(base, [frame], NO_FOLD));
  const fitted = await fitPageText(source, budget.promptBudget - fixed - NOTE_SLACK, (t) => meter.text(t));
  const seed = seedOf(fitted.text, pageSeedSummary(source, fitted.cut), fitted.cut);
  await deps.store.steps.put(stepToRecord(sessionId, seed));
  return seed;
}

/** Continues a saved session; the caller holds the claim. */
export async function relaunchSession(
  deps: RunnerDeps,
  sessionId: string,
  launch: Launch,
): Promise<{ sessionId: string }> {
  const session = await deps.store.sessions.get(sessionId);
  if (!session) throw new Error('That session no longer exists.');
  if (session.readOnly) throw new Error('Imported sessions are read-only and cannot be continued.');
  const snap = snapshotOf(session.settings);
  if (!snap) throw new Error('This session was saved by an older version and cannot be continued.');
  const steps = (await deps.store.steps.listForSession(sessionId)).map(stepFromRecord);
  await deps.store.sessions.patch(sessionId, {
    status: 'running',
    pendingApproval: undefined,
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
  const guard = savedGuardSpec(session, session.question);
  launch({ sessionId, question: snap.question ?? session.question, snap, steps, seedUrls, seeded, guard });
  return { sessionId };
}

/** Drops the steps from `seq` on and continues from there; the page a run started from stays. */
export async function retrySession(
  deps: RunnerDeps,
  sessionId: string,
  seq: number,
  launch: Launch,
): Promise<{ sessionId: string }> {
  const session = await deps.store.sessions.get(sessionId);
  const seeded = seededRun(session);
  await deps.store.steps.deleteFrom(sessionId, seeded ? Math.max(seq, 1) : seq);
  await deps.store.sessions.patch(sessionId, { answer: undefined, citations: undefined, error: undefined });
  return relaunchSession(deps, sessionId, launch);
}
