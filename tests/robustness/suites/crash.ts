/**
 * Crash kinds, each in real Chromium during a run: the service worker killed, the offscreen document
 * closed, the agent's tab closed by the user mid-read, the browser closed and relaunched, and the
 * engine's GPU device lost. Afterwards the run is continued if it paused; then every planned step
 * must be in the record once, done, and no agent tab may be left open.
 */
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { readSteps } from '../../e2e/helpers/extension-db';
import { sendFromPage } from '../../e2e/helpers/extension-messages';
import type { Move } from '../model/obeying-model';
import { type RunEnd, type SuiteContext, startRun, waitForEnd } from './context';
import { sendHtml } from './private-network-pages';

export const CRASH_KINDS = [
  'service-worker-killed',
  'offscreen-closed',
  'agent-tab-closed',
  'browser-relaunched',
  'gpu-device-lost',
] as const;
export type CrashKind = (typeof CRASH_KINDS)[number];

export interface CrashOutcome {
  kind: CrashKind;
  /** What the run did right after the crash. */
  afterCrash: string;
  resumed: boolean;
  final: string;
  stepsLost: number;
  duplicated: number;
  orphanTabs: number;
  note?: string;
  steps: StepView[];
}

export interface CrashResult {
  kinds: number;
  stepsLost: number;
  duplicated: number;
  orphanTabs: number;
  notRecovered: number;
  outcomes: CrashOutcome[];
}

const HOST = 'crash.example';
const SLOW = `http://${HOST}/slow`;
const SECOND = `http://${HOST}/second`;
const QUERY = 'crash recovery topic';
const slowThink = Array.from({ length: 60 }, (_, i) => `Weighing source ${i} against source ${i * 7}.`).join(
  ' ',
);

/** search → visit (a page that takes 4 s; the model writes this turn slowly) → visit → answer. */
const PLAN: Move[] = [
  { kind: 'search', queries: [QUERY] },
  {
    kind: 'raw',
    text: `<think>\n${slowThink}\n</think>\n<tool_call>\n${JSON.stringify({ name: 'visit', arguments: { url: [SLOW], goal: 'crash recovery topic' } })}\n</tool_call>`,
    chunkDelayMs: 40,
  },
  { kind: 'visit', urls: [SECOND], goal: 'crash recovery topic' },
];
const PLANNED = [`search:${QUERY}`, `visit:${SLOW}`, `visit:${SECOND}`];

interface StepView {
  seq: number;
  key: string;
  ok: boolean;
  duplicate: boolean;
  why?: string;
}

async function stepsOf(panel: Page, sessionId: string): Promise<StepView[]> {
  const records = await readSteps(panel, sessionId);
  return records.map((r) => {
    const action = (
      r.action as {
        action?: { kind?: string; query?: string[]; url?: string[] };
        duplicateOf?: number | null;
      }
    )?.action;
    const dup = (r.action as { duplicateOf?: number | null })?.duplicateOf;
    const key =
      action?.kind === 'search'
        ? `search:${action.query?.join('|')}`
        : action?.kind === 'visit'
          ? `visit:${action.url?.join('|')}`
          : String(action?.kind);
    const obs = String(r.observation ?? '');
    const ok = r.status === 'done' && !/could not be read|No information:/.test(obs);
    return {
      seq: Number(r.seq),
      key,
      ok,
      duplicate: dup !== null && dup !== undefined,
      ...(ok ? {} : { why: `${r.status}: ${obs.slice(0, 300)}` }),
    };
  });
}

export async function crashSuite(
  ctx: SuiteContext & { restart(): Promise<void>; relaunch(): Promise<void> },
): Promise<CrashResult> {
  const { world } = ctx;
  world.site(HOST, async (_req, res: ServerResponse, { url }) => {
    if (url.pathname === '/slow') await new Promise((r) => setTimeout(r, 4000));
    sendHtml(
      res,
      `<!doctype html><title>Crash recovery</title><article><h1>Crash recovery topic</h1><p>Crash recovery topic: a page at ${url.pathname} about resuming work.</p></article>`,
    );
  });
  world.searchResults(QUERY, [
    { title: 'Slow page', url: SLOW, content: 'Crash recovery topic' },
    { title: 'Second page', url: SECOND, content: 'Crash recovery topic' },
  ]);

  const outcomes: CrashOutcome[] = [];
  for (const kind of CRASH_KINDS) {
    const o = await runKind(ctx, kind);
    outcomes.push(o);
    ctx.say(
      `crash ${kind}: after crash ${o.afterCrash}, resumed ${o.resumed}, final ${o.final}, lost ${o.stepsLost}, duplicated ${o.duplicated}, orphan tabs ${o.orphanTabs}${o.note ? ` — ${o.note}` : ''}`,
    );
  }
  return {
    kinds: outcomes.length,
    stepsLost: outcomes.reduce((n, o) => n + o.stepsLost, 0),
    duplicated: outcomes.reduce((n, o) => n + o.duplicated, 0),
    orphanTabs: outcomes.reduce((n, o) => n + o.orphanTabs, 0),
    notRecovered: outcomes.filter((o) => o.final !== 'done').length,
    outcomes,
  };
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function runKind(
  ctx: SuiteContext & { restart(): Promise<void>; relaunch(): Promise<void> },
  kind: CrashKind,
): Promise<CrashOutcome> {
  const { world } = ctx;
  ctx.model.start({ moves: PLAN, answer: 'Crash recovery works.', obey: false, stateless: true });
  const chatRequests = () => world.model.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
  const slowAsked = () => world.log.entries.some((e) => e.host === HOST && e.path === '/slow' && e.at >= t0);
  const t0 = Date.now();
  const requestsBefore = chatRequests();
  const started = await startRun(ctx.panel, { question: `Crash case ${kind}: does the run survive?` });
  const sessionId = started.sessionId ?? '';
  if (!sessionId) return blank(kind, `not started: ${started.refused}`);
  let note: string | undefined;

  const duringTurn = () => until(() => chatRequests() >= requestsBefore + 2, 20_000);
  const duringRead = () => until(slowAsked, 20_000);
  switch (kind) {
    case 'service-worker-killed':
      await duringRead();
      await ctx.browser.killServiceWorker();
      break;
    case 'offscreen-closed':
      await duringTurn();
      await ctx.browser.killOffscreen();
      await ctx.panel.reload();
      break;
    case 'agent-tab-closed': {
      await duringRead();
      // The page is still loading, so only Chrome knows the tab by its pending URL.
      const closed = await ctx.panel.evaluate(async (url) => {
        const tab = (await chrome.tabs.query({})).find((t) => (t.pendingUrl ?? t.url ?? '').startsWith(url));
        if (tab?.id === undefined) return false;
        await chrome.tabs.remove(tab.id);
        return true;
      }, SLOW);
      if (!closed) note = 'the agent tab was not found';
      break;
    }
    case 'browser-relaunched':
      await duringTurn();
      await ctx.relaunch();
      break;
    case 'gpu-device-lost':
      // Not reproducible with the OpenAI-compatible engine the suite drives; see the report.
      note = 'simulated as an engine stream failure';
      await duringTurn();
      world.model.fail('drop', 1);
      break;
  }

  let end: RunEnd = await waitForEnd(ctx.panel, sessionId, 60_000);
  const afterCrash = end.overdue ? 'still running' : end.status;
  let resumed = false;
  if (end.status === 'paused' || end.status === 'error') {
    const r = await sendFromPage(ctx.panel, 'runner.resume', { sessionId });
    resumed = r.ok;
    if (r.ok) end = await waitForEnd(ctx.panel, sessionId, 60_000);
  }
  world.model.fail(null);
  if (end.overdue) {
    await sendFromPage(ctx.panel, 'runner.stop', { sessionId }).catch(() => undefined);
    await waitForEnd(ctx.panel, sessionId, 5000);
  }

  const steps = await stepsOf(ctx.panel, sessionId);
  let stepsLost = 0;
  let duplicated = 0;
  for (const key of PLANNED) {
    const done = steps.filter((s) => s.key === key && s.ok && !s.duplicate);
    if (done.length === 0) stepsLost += 1;
    if (done.length > 1) duplicated += done.length - 1;
  }
  const seqs = steps.map((s) => s.seq);
  duplicated += seqs.length - new Set(seqs).size;
  await until(async () => (await agentTabs(ctx.panel)) === 0, 5000);
  const orphanTabs = await agentTabs(ctx.panel);
  return {
    kind,
    afterCrash,
    resumed,
    final: end.overdue ? 'still running' : end.status,
    stepsLost,
    duplicated,
    orphanTabs,
    ...(note ? { note } : {}),
    steps,
  };
}

const blank = (kind: CrashKind, note: string): CrashOutcome => ({
  kind,
  afterCrash: 'not started',
  resumed: false,
  final: 'not started',
  stepsLost: PLANNED.length,
  duplicated: 0,
  orphanTabs: 0,
  note,
  steps: [],
});

/** Tabs still showing a page of this suite's crash site (agent tabs that were never closed). */
function agentTabs(panel: Page): Promise<number> {
  return panel
    .evaluate(
      async (host) =>
        (await chrome.tabs.query({})).filter((t) => (t.url ?? t.pendingUrl ?? '').includes(host)).length,
      HOST,
    )
    .catch(() => -1);
}
