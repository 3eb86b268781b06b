import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTwin } from '../../scripts/tiny-gguf/qwen3-twin';
import { writeTwin } from '../../scripts/tiny-gguf/twin-writer';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { serveBytes } from './helpers/byte-route';
import { idb, readSession, readSteps, writeSettings } from './helpers/extension-db';
import { sendFromPage, startResearch } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { offscreenPage } from './helpers/offscreen-target';
import { serveSearch } from './helpers/search-fixture';

// A research run through the extension on a narrow DR-Venus twin: Qwen3's architecture with the
// real 151,936-token vocabulary, merges, special tokens and chat template, one thin layer (~38 MB).
// Random weights: the e2e build's test-sequence grammar walks it through search → visit → answer,
// so every sampled token is checked against the research grammar over the whole real vocabulary.
describe('wllama research run on the real-vocabulary twin', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-twin-run-'));
  let b: ExtensionBrowser;
  let pages: FixtureServer;
  let pageUrls: string[];
  const offscreenErrors: string[] = [];

  beforeAll(async () => {
    const file = path.join(dir, 'twin-narrow.gguf');
    writeTwin(
      planTwin({ hidden: 256, layers: 1, heads: 2, kvHeads: 1, feedForward: 256, contextLength: 8192 }),
      file,
    );
    pages = await startFixtureServer();
    const names = pages.sharedPages.slice(0, 2);
    pageUrls = (names.length ? names : ['article']).map((n) => `${pages.origin}/pages/${n}/`);
    serveSearch(pages, () =>
      pageUrls.map((url, i) => ({ title: `Result ${i + 1}`, url, content: 'A page about the topic.' })),
    );
    serveBytes(pages, '/twin.gguf', readFileSync(file));
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await pages?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads the twin and runs search → visit → answer to a stored answer', async () => {
    const panel = await b.openPage('extension/sidepanel/index.html');
    await expect.poll(() => panel.getByTestId('status-offscreen').getAttribute('data-state')).toBe('ok');
    const offscreen = await offscreenPage(b.context, b.extensionId);
    offscreen?.on('console', (m) => m.type() === 'error' && offscreenErrors.push(m.text()));
    offscreen?.on('pageerror', (e) => offscreenErrors.push(String(e)));
    await idb(panel, { store: 'settings', op: 'put', key: 'e2e:grammar', value: 'test-sequence' });
    await writeSettings(panel, {
      engine: 'wllama',
      wllamaModelUrl: `${pages.origin}/twin.gguf`,
      contextWindow: 8192,
      allowLoopback: true,
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
      stepLimit: 5,
    });

    const t0 = Date.now();
    const loaded = await sendFromPage(panel, 'engine.load', {});
    const loadMs = Date.now() - t0;
    expect(loaded.ok, `${loaded.error?.message}\noffscreen: ${offscreenErrors.join('\n')}`).toBe(true);

    const sessionId = await startResearch(panel, 'What does the first search result say?');
    await expect
      .poll(async () => (await readSession(panel, sessionId))?.status, { timeout: 240_000, interval: 500 })
      .toMatch(/done|error|stopped/);
    const session = await readSession(panel, sessionId);
    const steps = await readSteps(panel, sessionId);
    const trail = steps.map((s) => `${String(s.raw)}\n=> ${String(s.observation).slice(0, 300)}`);
    expect(session?.status, `${String(session?.error)}\n${trail.join('\n\n')}`).toBe('done');
    expect(String(session?.answer ?? '').trim().length).toBeGreaterThan(0);
    const kinds = steps.map((s) => (s.action as { action?: { kind?: string } }).action?.kind);
    expect(kinds, trail.join('\n\n')).toEqual(['search', 'visit', 'answer']);
    const visit = (steps[1]?.action as { call?: { arguments?: { url?: string[] } } } | undefined)?.call;
    for (const u of visit?.arguments?.url ?? []) expect(pageUrls).toContain(u);

    // Figures for the README: decode under the research grammar with the real vocabulary.
    const tokens = steps.map((s) => {
      const t = (s.action as { tokens?: Record<string, number> }).tokens ?? {};
      return {
        out: t.completion ?? 0,
        decode: Math.round((t.decodeTokensPerSecond ?? 0) * 10) / 10,
        prompt: t.enginePrompt ?? 0,
        prefill: t.enginePrefill ?? 0,
      };
    });
    console.log(JSON.stringify({ twinRun: { loadMs, stats: session?.stats, tokens } }));
    expect(offscreenErrors).toEqual([]);
  }, 300_000);
});
