import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from '../../scripts/lib/scripted-model-server';
import type { Settings } from '../../src/settings/schema';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { readSession, writeSettings } from './helpers/extension-db';
import { sendFromPage, startResearch } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { listenLive, sessionEvents } from './helpers/live-events';
import { serveSearch } from './helpers/search-fixture';

// The OpenAI-compatible engine inside the real extension (offscreen runner, live port, IndexedDB)
// against the scripted model server: streaming, stopping mid-stream, and each failure a user can hit.
const answer = (text: string) => `<think>\nI know this.\n</think>\n<answer>\n${text}\n</answer>`;

describe('OpenAI-compatible engine through the extension', () => {
  let b: ExtensionBrowser;
  let model: ScriptedModelServer;
  let pages: FixtureServer;
  let panel: Page;

  const settings = (extra: Partial<Settings> = {}): Partial<Settings> => ({
    engine: 'openai',
    openaiBaseUrl: model.url,
    openaiModel: 'scripted',
    allowLoopback: true,
    // Runs need a search provider to start, though these scripted turns answer without searching.
    searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
    stepLimit: 3,
    ...extra,
  });
  const start = async (question: string) => {
    return startResearch(panel, question);
  };
  const settle = async (id: string, timeout = 15_000) => {
    await expect
      .poll(async () => (await readSession(panel, id))?.status, { timeout, interval: 100 })
      .not.toBe('running');
    return (await readSession(panel, id)) ?? {};
  };

  beforeAll(async () => {
    // 4 characters every 25 ms: a 300-character turn streams for about two seconds.
    model = await startScriptedModelServer({ chunkDelayMs: 25 });
    pages = await startFixtureServer();
    serveSearch(pages, () => []);
    b = await launchWithExtension();
    panel = await b.openPage('extension/sidepanel/index.html');
    // expect.poll only works inside a test; wait for the offscreen document to answer by hand.
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state="ok"]')).waitFor();
    await listenLive(panel);
  });
  afterAll(async () => {
    await b?.close();
    await model?.close();
    await pages?.close();
  });

  it('streams deltas to the live port before the turn ends', async () => {
    await writeSettings(panel, settings());
    const text = 'Streaming works one small chunk at a time. '.repeat(6).trim();
    model.setTurns([answer(text)]);
    const id = await start('Does streaming work?');
    const session = await settle(id);
    expect(session.status).toBe('done');
    expect(String(session.answer)).toContain('Streaming works');
    const events = await sessionEvents(panel, id);
    const deltas = events.filter((e) => e.event.type === 'delta');
    const stepAt = events.find((e) => e.event.type === 'step-started')?.at ?? 0;
    expect(deltas.length).toBeGreaterThan(10);
    // The first text reached the panel well before the whole turn was in (~2 s of streaming).
    expect(stepAt - (deltas[0]?.at ?? stepAt)).toBeGreaterThan(1000);
    const streamed = deltas.map((d) => String(d.event.text)).join('');
    expect(streamed).toContain('Streaming works');
  });

  it('stops mid-stream quickly and the engine serves the next run', async () => {
    await writeSettings(panel, settings());
    model.setTurns([answer('This turn is very slow. '.repeat(200)), answer('The second run answers.')]);
    const id = await start('A slow question');
    await expect
      .poll(async () => (await sessionEvents(panel, id)).some((e) => e.event.type === 'delta'), {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(true);
    const t0 = Date.now();
    const stopped = await sendFromPage(panel, 'runner.stop', { sessionId: id });
    expect(stopped.value).toEqual({ stopped: true });
    const session = await settle(id, 5000);
    const stopMs = Date.now() - t0;
    expect(session.status).toBe('stopped');
    expect(stopMs).toBeLessThan(3000);
    console.log(JSON.stringify({ openai: { stopMs } }));

    const next = await settle(await start('A quick question'));
    expect(next.status, String(next.error)).toBe('done');
    expect(String(next.answer)).toContain('The second run answers.');
  });

  const failures = [
    { mode: '401', words: /API key/ },
    { mode: '500', words: /server failed \(HTTP 500\)/ },
    { mode: 'malformed', words: /not JSON|malformed/i },
  ] as const;
  for (const { mode, words } of failures) {
    it(`ends the session with a clear error on ${mode}`, async () => {
      await writeSettings(panel, settings());
      model.setTurns([answer('Never shown. '.repeat(10))]);
      model.fail(mode);
      const session = await settle(await start(`What happens on ${mode}?`));
      expect(session.status).toBe('error');
      expect(String(session.error)).toMatch(words);
    });
  }

  it('gives up on a server that never answers after the first-byte timeout', async () => {
    await writeSettings(panel, settings({ openaiFirstByteTimeoutMs: 1500 }));
    model.setTurns([answer('Never shown.')]);
    model.fail('hang');
    const t0 = Date.now();
    const session = await settle(await start('Is anyone there?'), 10_000);
    const ms = Date.now() - t0;
    // A silent model is not the run's fault: it pauses, to be continued once the server answers.
    expect(session.status).toBe('paused');
    expect(String(session.error)).toMatch(/sent nothing for 1\.5 s/);
    expect(ms).toBeLessThan(6000);
  });
});
