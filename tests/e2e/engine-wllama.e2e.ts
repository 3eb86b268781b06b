import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../scripts/tiny-gguf/tiny-model';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { serveBytes } from './helpers/byte-route';
import { idb, readSession, readSteps, writeSettings } from './helpers/extension-db';
import { sendFromPage, startResearch } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { listenLive, sessionEvents } from './helpers/live-events';
import { offscreenPage } from './helpers/offscreen-target';
import { serveSearch } from './helpers/search-fixture';

// A whole research run on a real llama.cpp (wllama, CPU) inside the offscreen document: a tiny
// random-weight GGUF whose output the test-sequence grammar (a seam of the e2e build) walks through
// search → visit → answer.
describe('wllama engine in the offscreen document', () => {
  let b: ExtensionBrowser;
  let pages: FixtureServer;
  let modelUrl: string;
  let pageUrls: string[];
  let model: ReturnType<typeof serveBytes>;
  const offscreenErrors: string[] = [];

  beforeAll(async () => {
    pages = await startFixtureServer();
    const names = pages.sharedPages.slice(0, 2);
    pageUrls = (names.length ? names : ['article']).map((n) => `${pages.origin}/pages/${n}/`);
    serveSearch(pages, () =>
      pageUrls.map((url, i) => ({ title: `Result ${i + 1}`, url, content: 'A page about the topic.' })),
    );
    model = serveBytes(pages, '/tiny.gguf', buildTinyModel({ seed: 42, contextLength: 8192 }));
    modelUrl = `${pages.origin}/tiny.gguf`;
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await pages?.close();
  });

  it('loads the tiny GGUF, streams tokens and runs search → visit → answer', async () => {
    const panel = await b.openPage('extension/sidepanel/index.html');
    await expect.poll(() => panel.getByTestId('status-offscreen').getAttribute('data-state')).toBe('ok');
    const offscreen = await offscreenPage(b.context, b.extensionId);
    offscreen?.on('console', (m) => m.type() === 'error' && offscreenErrors.push(m.text()));
    offscreen?.on('pageerror', (e) => offscreenErrors.push(String(e)));
    await idb(panel, { store: 'settings', op: 'put', key: 'e2e:grammar', value: 'test-sequence' });
    await writeSettings(panel, {
      engine: 'wllama',
      wllamaModelUrl: modelUrl,
      // The tiny model's byte-level vocabulary spends ~3× the tokens the runner estimates: at 4096 a
      // page's evidence forces a fold that drops the whole history. llama.cpp caps n_ctx at the
      // model's trained length, so the model above is built for 8192 too.
      contextWindow: 8192,
      allowLoopback: true,
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
      stepLimit: 5,
    });
    await listenLive(panel);

    const t0 = Date.now();
    const loaded = await sendFromPage(panel, 'engine.load', {});
    const loadMs = Date.now() - t0;
    expect(loaded.ok, `${loaded.error?.message}\noffscreen: ${offscreenErrors.join('\n')}`).toBe(true);
    expect((loaded.value as { state: string }).state).toBe('ready');
    expect(model.requests.length).toBeGreaterThan(0);

    const sessionId = await startResearch(panel, 'What does the first search result say?');
    await expect
      .poll(async () => (await readSession(panel, sessionId))?.status, { timeout: 45_000, interval: 250 })
      .toMatch(/done|error|stopped/);
    const session = await readSession(panel, sessionId);
    expect(session?.status, `${String(session?.error)}\noffscreen: ${offscreenErrors.join('\n')}`).toBe(
      'done',
    );
    if (!String(session?.answer ?? '').trim()) {
      const dump = (await readSteps(panel, sessionId)).map((s) => ({
        raw: s.raw,
        obs: String(s.observation).slice(0, 300),
        a: s.action,
      }));
      console.log(JSON.stringify({ stats: session?.stats, err: session?.error, dump }, null, 1));
    }
    expect(String(session?.answer ?? '').trim().length).toBeGreaterThan(0);

    // Steps saved write-ahead in IndexedDB: search, then a visit of a URL the search returned, then the answer.
    const steps = await readSteps(panel, sessionId);
    const kinds = steps.map((s) => (s.action as { action?: { kind?: string } }).action?.kind);
    const trail = steps.map((s) => `${String(s.raw)}\n=> ${String(s.observation).slice(0, 400)}`);
    expect(
      kinds,
      `${trail.join('\n\n')}\nserver saw: ${pages.hits.join(' ')}\noffscreen: ${offscreenErrors.join('\n')}`,
    ).toEqual(['search', 'visit', 'answer']);
    const visit = (steps[1]?.action as { call?: { arguments?: { url?: string[] } } } | undefined)?.call;
    const visited = visit?.arguments?.url ?? [];
    expect(visited.length).toBeGreaterThan(0);
    for (const u of visited) expect(pageUrls).toContain(u);

    // Tokens streamed to the live port before the answer arrived.
    const events = await sessionEvents(panel, sessionId);
    const answerAt = events.find((e) => e.event.type === 'answer')?.at ?? Number.POSITIVE_INFINITY;
    const deltas = events.filter((e) => e.event.type === 'delta');
    expect(deltas.filter((d) => d.at <= answerAt).length).toBeGreaterThan(0);

    // Usage: tokens counted for the session and per step.
    const stats = session?.stats as { tokensOut: number; tokensIn: number; elapsedMs: number };
    expect(stats.tokensOut).toBeGreaterThan(0);
    const tokens = steps.map((s) => s.tokens as { completion: number });
    expect(tokens.every((t) => t.completion > 0)).toBe(true);
    // The engine's decode rate is kept with each step (inside the stored agent step).
    const rated = steps.map(
      (s) => (s.action as { tokens?: { decodeTokensPerSecond?: number } }).tokens?.decodeTokensPerSecond ?? 0,
    );
    expect(
      rated.every((r) => r > 0),
      JSON.stringify(steps.map((s) => s.action)),
    ).toBe(true);
    // KV-cache reuse, in llama.cpp's own counts (timings.prompt_n: prompt tokens it evaluated): the
    // first turn evaluates its whole prompt; each later one takes the whole previous prompt from
    // the cache and evaluates only what came after it (measured: 1684 cold, then 420 of 2104 and
    // 2801 of 4905, the last being mostly the visited page's evidence). The budget and fold
    // design rests on this.
    const engine = steps.map((s) => {
      const t = (s.action as { tokens?: { enginePrompt?: number; enginePrefill?: number } }).tokens;
      return { prompt: t?.enginePrompt ?? 0, prefill: t?.enginePrefill ?? -1 };
    });
    const prefillTrail = JSON.stringify(engine);
    expect(
      engine.every((t) => t.prompt > 0 && t.prefill >= 0),
      prefillTrail,
    ).toBe(true);
    const [cold, ...later] = engine;
    expect(cold?.prefill, prefillTrail).toBeGreaterThan((cold?.prompt ?? 0) * 0.9);
    later.forEach((now, i) => {
      const before = engine[i]?.prompt ?? 0;
      expect(now.prefill, prefillTrail).toBeLessThanOrEqual(now.prompt - before);
    });
    // The turn after the search adds a short result list to a long prompt: far fewer tokens.
    expect(later[0]?.prefill ?? 0, prefillTrail).toBeLessThan((later[0]?.prompt ?? 0) / 2);
    // And, independently, from the streamed deltas: one delta per sampled token.
    const bySeq = new Map<number, number[]>();
    for (const d of deltas) {
      const seq = Number(d.event.seq);
      bySeq.set(seq, [...(bySeq.get(seq) ?? []), d.at]);
    }
    const rates = [...bySeq.values()]
      .filter((ats) => ats.length > 20)
      .map((ats) => (ats.length - 1) / Math.max(0.001, ((ats.at(-1) ?? 0) - (ats[0] ?? 0)) / 1000));
    console.log(
      JSON.stringify({
        wllama: {
          loadMs,
          modelRequests: model.requests.map((r) => `${r.method} ${r.range ?? ''}`.trim()),
          tokensIn: stats.tokensIn,
          tokensOut: stats.tokensOut,
          elapsedMs: stats.elapsedMs,
          deltas: deltas.length,
          streamedTokensPerSecond: rates.map((r) => Math.round(r)),
          engineTokens: engine,
        },
      }),
    );
    expect(offscreenErrors).toEqual([]);
  });
});
