/**
 * Cost of streaming a long research session into the side panel: renderer main-thread busy time per
 * second while a scripted OpenAI-compatible server streams turns at ~50 tokens/s (4-character chunks
 * every 20 ms ≈ 200 characters/s), measured with a CDP performance trace (devtools.timeline, sum of
 * top-level RunTask on the panel renderer's main thread) early in a 200-step session and late in it.
 * One session: the first window streams slowly from step 1; the middle steps stream with no delay to
 * reach step 170 quickly; the last 30 steps stream slowly again and are measured.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { writeSettings } from '../../tests/e2e/helpers/extension-db';
import { startFixtureServer } from '../../tests/e2e/helpers/fixture-server';
import { startScriptedModelServer } from '../lib/scripted-model-server';
import { launchBench } from './lib/browser';
import { progress, round, sleep, waitUntil } from './lib/stats';
import { mainThreadBusy, startTrace } from './lib/trace';

/** bench.ts builds the e2e extension before running modules that set this. */
export const needsDist = true;

const STEPS = 200;
const LATE_FROM = 170;
const EARLY_WINDOW_MS = 20_000;
const CHUNK_SIZE = 4;
/** 4 characters every 20 ms ≈ 200 characters/s ≈ 50 tokens/s at ~4 characters a token. */
const SLOW_DELAY_MS = 20;

const call = (name: string, args: unknown, i: number) =>
  `<think>\nStep ${i}: I should ${name} next.\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

/** Searches and visits alternate; each visit reads the page the search before it returned. */
function turns(origin: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < STEPS - 1; i++) {
    const topic = i - (i % 2);
    out.push(
      i % 2 === 0
        ? call('search', { query: [`bench topic ${topic}`] }, i)
        : call('visit', { url: [`${origin}/tiny/${topic}`], goal: `What is note ${topic} about?` }, i),
    );
  }
  out.push('<think>\nEnough evidence.\n</think>\n<answer>\nThe notes describe bench topics.\n</answer>');
  return out;
}

function tinyRoutes(_req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname === '/search') {
    const n = /(\d+)/.exec(url.searchParams.get('q') ?? '')?.[1] ?? '0';
    const origin = `http://${url.host}`;
    const results = [
      { title: `Note ${n}`, url: `${origin}/tiny/${n}`, content: `A short note on topic ${n}.` },
    ];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ query: url.searchParams.get('q'), results }));
    return true;
  }
  const m = /^\/tiny\/(\d+)$/.exec(url.pathname);
  if (!m) return false;
  const para = `Note ${m[1]} is about bench topic ${m[1]}. It has a few sentences so extraction finds an article. `;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><title>Note ${m[1]}</title></head><body><article><h1>Note ${m[1]}</h1>` +
      `<p>${para.repeat(4)}</p><p>${para.repeat(3)}</p></article></body></html>`,
  );
  return true;
}

/** Characters the model server sent for turns [from, to) over the window: the real streaming rate. */
function charsPerSecond(script: readonly string[], from: number, to: number, windowS: number): number {
  const chars = script.slice(from, to).reduce((sum, t) => sum + t.length, 0);
  return round(chars / windowS, 0);
}

const stepCards = (panel: Page) => panel.locator('[data-testid="step-card"]').count();

/** Traces the panel while `during` runs; busy figures are per second of wall time. */
async function measure(panel: Page, during: () => Promise<void>) {
  const cdp = await panel.context().newCDPSession(panel);
  const stop = await startTrace(cdp);
  const t0 = performance.now();
  await during();
  const wallMs = performance.now() - t0;
  const events = await stop();
  await cdp.detach();
  const busy = mainThreadBusy(events, panel.url());
  return {
    windowS: round(wallMs / 1000, 1),
    busyMsPerSecond: round((busy.busyMs * 1000) / wallMs, 1),
    panelFrameMsPerSecond: round((busy.frameMs * 1000) / wallMs, 1),
    otherFramesOnThread: busy.otherFramesOnThread,
    // Per second of wall time, like panelFrameMsPerSecond; names nest, so they may sum past it.
    panelFrameMsPerSecondByEvent: Object.fromEntries(
      Object.entries(busy.frameMsByEvent).map(([name, ms]) => [name, round((ms * 1000) / wallMs, 1)]),
    ),
    traceEvents: events.length,
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const pages = await startFixtureServer();
  pages.route(tinyRoutes);
  // The server reads chunkDelayMs from this object before every chunk, so changing it mid-run
  // changes the streaming speed of the turns that follow.
  const script = turns(pages.origin);
  const serverOpts = { turns: script, chunkSize: CHUNK_SIZE, chunkDelayMs: SLOW_DELAY_MS };
  const model = await startScriptedModelServer(serverOpts);
  const chats = () => model.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
  const b = await launchBench();
  try {
    const panel = await b.openPage('extension/sidepanel/index.html');
    const ready = await waitUntil(
      async () => (await panel.getByTestId('status-offscreen').getAttribute('data-state')) === 'ok',
      30_000,
    );
    if (!ready) throw new Error('the offscreen document never answered the side panel');
    await writeSettings(panel, {
      engine: 'openai',
      openaiBaseUrl: model.url,
      openaiModel: 'scripted-model',
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
      allowLoopback: true,
      stepLimit: STEPS,
      thoroughness: 'deep',
    });
    await panel.getByTestId('question').fill('What do the bench notes say?');

    progress(`panel: early window (${EARLY_WINDOW_MS / 1000} s at ~50 tokens/s)`);
    const earlyFrom = chats();
    const earlyTrace = await measure(panel, async () => {
      // The e2e build already holds the 127.0.0.1 permission, so no permission prompt stands between.
      await panel.getByTestId('start').click();
      await sleep(EARLY_WINDOW_MS);
    });
    const early = {
      ...earlyTrace,
      modelCharsPerSecond: charsPerSecond(script, earlyFrom, chats(), earlyTrace.windowS),
      stepsStarted: chats(),
      stepCardsInDom: await stepCards(panel),
    };
    if (early.stepsStarted === 0)
      throw new Error('no model request after clicking start (a permission gate?)');

    progress(`panel: fast-forwarding to step ${LATE_FROM}`);
    serverOpts.chunkDelayMs = 0;
    const reached = await waitUntil(() => chats() >= LATE_FROM - 1, 180_000, 20);
    if (!reached) throw new Error(`the run stalled at step ${chats()} before ${LATE_FROM}`);
    serverOpts.chunkDelayMs = SLOW_DELAY_MS;
    await waitUntil(() => chats() >= LATE_FROM + 1, 30_000, 20);

    progress(`panel: late window (steps ${LATE_FROM + 1}–${STEPS} at ~50 tokens/s)`);
    const startedAt = chats();
    const late = await measure(panel, async () => {
      await waitUntil(async () => (await panel.getByTestId('answer').count()) > 0, 90_000, 100);
    });
    return {
      method:
        'CDP Tracing (devtools.timeline): union of top-level RunTask on the side panel renderer main thread ÷ wall time; panelFrame = script/style/layout/paint events attributed to the panel frame',
      streamingCharsPerSecond: round(1000 * (CHUNK_SIZE / SLOW_DELAY_MS)),
      early,
      late: {
        ...late,
        modelCharsPerSecond: charsPerSecond(script, startedAt - 1, chats(), late.windowS),
        fromStep: startedAt,
        stepsStarted: chats(),
        stepCardsInDom: await stepCards(panel),
        answered: (await panel.getByTestId('answer').count()) > 0,
      },
      lateOverEarlyBusyRatio: round(late.busyMsPerSecond / early.busyMsPerSecond),
    };
  } finally {
    await b.close();
    await model.close();
    await pages.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
