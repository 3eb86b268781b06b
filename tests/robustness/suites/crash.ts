/**
 * Crash kinds, each in real Chromium during a run: the service worker killed mid-read, the offscreen
 * document closed mid-turn, the agent's tab closed by the user mid-read, the browser closed and
 * relaunched (same profile) mid-read, and the GPU device lost mid-turn (the e2e build's fault seam
 * raises web-llm's DeviceLostError in the engine). The run must pause (the service worker's death
 * is absorbed: the read is sent again and the run goes on), continue from its last complete step,
 * and end with every planned step saved once, done, and no agent tab left open. Plus a full disk
 * (crash-quota.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { sendFromPage } from '../../e2e/helpers/extension-messages';
import { type RunEnd, startRun, waitForEnd } from './context';
import { ANSWER, type CasePlan, type CrashContext, HOST, planFor, seam, until } from './crash-plan';
import { type QuotaOutcome, quotaCase } from './crash-quota';
import { countSteps, type StepView, stepsOf } from './crash-steps';
import { sendHtml } from './private-network-pages';

export const CRASH_KINDS = [
  'service-worker-killed',
  'offscreen-closed',
  'agent-tab-closed',
  'browser-relaunched',
  'gpu-device-lost',
] as const;
export type CrashKind = (typeof CRASH_KINDS)[number];

/** What each kind must do right after the crash: pause, or (the stateless worker) carry on. */
const EXPECTED_AFTER: Record<CrashKind, string> = {
  'service-worker-killed': 'done',
  'offscreen-closed': 'paused',
  'agent-tab-closed': 'paused',
  'browser-relaunched': 'paused',
  'gpu-device-lost': 'paused',
};

export interface CrashOutcome {
  kind: CrashKind;
  /** What the run did right after the crash. */
  afterCrash: string;
  resumed: boolean;
  final: string;
  stepsLost: number;
  duplicated: number;
  orphanTabs: number;
  /** How many times a tab asked for the slow page (a read cut off and done again makes it 2). */
  tabReads: number;
  note?: string;
  before: StepView[];
  steps: StepView[];
}

export interface CrashResult {
  kinds: number;
  stepsLost: number;
  duplicated: number;
  orphanTabs: number;
  notRecovered: number;
  /** Kinds whose run did not end as expected right after the crash (paused, or carried on). */
  unexpected: number;
  quota: QuotaOutcome;
  outcomes: CrashOutcome[];
}

/** When a tab (not the fetch that comes first: the page is too short to be read without one) asked for a slow page. */
const tabReads: { path: string; at: number }[] = [];

export async function crashSuite(ctx: CrashContext): Promise<CrashResult> {
  const { world } = ctx;
  world.site(HOST, async (req: IncomingMessage, res: ServerResponse, { url }) => {
    // Navigations carry Upgrade-Insecure-Requests (Sec-Fetch-Dest is not sent to plain-http hosts); fetch() does not.
    const inTab =
      req.headers['upgrade-insecure-requests'] === '1' || req.headers['sec-fetch-dest'] === 'document';
    if (url.pathname.endsWith('/slow') && inTab) {
      tabReads.push({ path: url.pathname, at: Date.now() });
      await new Promise((r) => setTimeout(r, 4000));
    }
    sendHtml(
      res,
      `<!doctype html><title>Crash recovery</title><article><h1>Crash recovery topic</h1><p>Crash recovery topic: a page at ${url.pathname} about resuming work.</p></article>`,
    );
  });
  const outcomes: CrashOutcome[] = [];
  for (const kind of CRASH_KINDS) {
    const o = await runKind(ctx, kind);
    outcomes.push(o);
    ctx.say(
      `crash ${kind}: after crash ${o.afterCrash}, resumed ${o.resumed}, final ${o.final}, lost ${o.stepsLost}, duplicated ${o.duplicated}, orphan tabs ${o.orphanTabs}, tab reads ${o.tabReads}${o.note ? ` — ${o.note}` : ''}`,
    );
  }
  const quota = await quotaCase(ctx, prepare(ctx, 'storage-full'));
  ctx.say(
    `storage full: ${quota.afterFull}, message ${quota.message ? 'shown' : 'MISSING'}, kept ${quota.kept}/${quota.savedBefore}, final ${quota.final}, lost ${quota.stepsLost}, duplicated ${quota.duplicated}`,
  );
  return {
    kinds: outcomes.length,
    stepsLost: outcomes.reduce((n, o) => n + o.stepsLost, 0),
    duplicated: outcomes.reduce((n, o) => n + o.duplicated, 0),
    orphanTabs: outcomes.reduce((n, o) => n + o.orphanTabs, 0),
    notRecovered: outcomes.filter((o) => o.final !== 'done').length,
    unexpected: outcomes.filter((o) => o.afterCrash !== EXPECTED_AFTER[o.kind]).length,
    quota,
    outcomes,
  };
}

/** The case's plan, with its search results served. */
function prepare(ctx: CrashContext, tag: string): CasePlan {
  const plan = planFor(tag);
  ctx.world.searchResults(plan.query, [
    { title: 'Slow page', url: plan.slow, content: 'Crash recovery topic' },
    { title: 'Second page', url: plan.second, content: 'Crash recovery topic' },
  ]);
  return plan;
}

async function runKind(ctx: CrashContext, kind: CrashKind): Promise<CrashOutcome> {
  const { world } = ctx;
  const plan = prepare(ctx, kind);
  ctx.model.start({ moves: plan.moves, answer: ANSWER, obey: false, stateless: true });
  const chatRequests = () => world.model.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
  const t0 = Date.now();
  const requestsBefore = chatRequests();
  const started = await startRun(ctx.panel, { question: `Crash case ${kind}: does the run survive?` });
  const sessionId = started.sessionId ?? '';
  if (!sessionId) return blank(kind, plan, `not started: ${started.refused}`);
  let note: string | undefined;

  const duringTurn = () => until(() => chatRequests() >= requestsBefore + 2, 20_000);
  const slowPath = new URL(plan.slow).pathname;
  const duringRead = () => until(() => tabReads.some((r) => r.path === slowPath && r.at >= t0), 30_000);
  switch (kind) {
    case 'service-worker-killed':
      if (!(await duringRead())) note = 'no tab read to cut';
      await ctx.browser.killServiceWorker();
      break;
    case 'offscreen-closed':
      await duringTurn();
      await ctx.browser.killOffscreen();
      await ctx.panel.reload();
      break;
    case 'agent-tab-closed': {
      if (!(await duringRead())) note = 'no tab read to cut';
      // The page is still loading, so only Chrome knows the tab by its pending URL.
      const closed = await ctx.panel.evaluate(async (url) => {
        const tab = (await chrome.tabs.query({})).find((t) => (t.pendingUrl ?? t.url ?? '').startsWith(url));
        if (tab?.id === undefined) return false;
        await chrome.tabs.remove(tab.id);
        return true;
      }, plan.slow);
      if (!closed) note = 'the agent tab was not found';
      break;
    }
    case 'browser-relaunched':
      if (!(await duringRead())) note = 'no tab read to cut';
      await ctx.relaunch();
      break;
    case 'gpu-device-lost': {
      await duringTurn();
      const cut = await seam(ctx, { name: 'loseGpuDevice' });
      if (cut === 0) note = 'no reply was being written: the next one failed';
      break;
    }
  }

  let end: RunEnd = await waitForEnd(ctx.panel, sessionId, 60_000);
  const afterCrash = end.overdue ? 'still running' : end.status;
  const before = await stepsOf(ctx.panel, sessionId);
  let resumed = false;
  if (end.status === 'paused' || end.status === 'error') {
    const r = await sendFromPage(ctx.panel, 'runner.resume', { sessionId });
    resumed = r.ok;
    if (r.ok) end = await waitForEnd(ctx.panel, sessionId, 60_000);
  }
  if (end.overdue) {
    await sendFromPage(ctx.panel, 'runner.stop', { sessionId }).catch(() => undefined);
    await waitForEnd(ctx.panel, sessionId, 5000);
  }

  const steps = await stepsOf(ctx.panel, sessionId);
  const count = countSteps(plan.planned, before, steps);
  await until(async () => (await agentTabs(ctx.panel)) === 0, 5000);
  const orphanTabs = await agentTabs(ctx.panel);
  return {
    kind,
    afterCrash,
    resumed,
    final: end.overdue ? 'still running' : end.status,
    stepsLost: count.lost,
    duplicated: count.duplicated,
    orphanTabs,
    tabReads: tabReads.filter((r) => r.path === slowPath).length,
    ...(note ? { note } : {}),
    before,
    steps,
  };
}

const blank = (kind: CrashKind, plan: CasePlan, note: string): CrashOutcome => ({
  kind,
  afterCrash: 'not started',
  resumed: false,
  final: 'not started',
  stepsLost: plan.planned.length,
  duplicated: 0,
  orphanTabs: 0,
  tabReads: 0,
  note,
  before: [],
  steps: [],
});

/** Tabs still showing (or loading) a page of this suite's crash site: agent tabs never closed. */
function agentTabs(panel: Page): Promise<number> {
  return panel
    .evaluate(
      async (host) =>
        (await chrome.tabs.query({})).filter((t) => (t.url || t.pendingUrl || '').includes(host)).length,
      HOST,
    )
    .catch(() => -1);
}
