import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../scripts/tiny-gguf/tiny-model';
import { formatBytes } from '../../src/llm/progress-stats';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { idb, readSession, writeSettings } from './helpers/extension-db';
import { sendFromPage } from './helpers/extension-messages';
import { serveHub } from './helpers/fixture-hub';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { modelPickerShown } from './helpers/model-picker';
import { pageAdapter } from './helpers/page-adapter';
import { serveSearch } from './helpers/search-fixture';

// The DR-Venus GGUF path end to end, against a fixture hub that answers as Hugging Face does:
// Auto picks the repo's GGUF, the panel explains the download before fetching anything, the file
// streams in with progress and is split into llama.cpp shards in OPFS, wllama loads the shards
// with several threads in the cross-origin isolated offscreen document, and a research run
// completes. A second profile's download is cut off halfway and resumes after a relaunch.
const REPO = 'inclusionAI/DR-Venus-4B-RL-GGUF';
const FILE = 'DR-Venus-4B-RL-Q4_K_M.gguf';
// The tiny model the wllama test runs (fast enough for a whole research run on 2 busy cores),
// split at 0.1 MB into several shards; a larger one (6 MB, 1 MB shards) for the interrupted download.
const model = buildTinyModel({ seed: 42, contextLength: 8192 });
const SIZE = formatBytes(model.length);
const large = buildTinyModel({ seed: 7, contextLength: 8192, embedding: 128, layers: 6, feedForward: 512 });
const LARGE = formatBytes(large.length);
const escaped = (s: string) => s.replace(/[.()]/g, '\\$&');

type Status = {
  state: string;
  threads?: number;
  backend?: string;
  backendReason?: string;
  profile?: string;
  error?: { message: string };
};
type Listed = {
  models: { folder: string; doneBytes: number; totalBytes: number; complete: boolean; shards: number }[];
};

const settingsFor = (pages: FixtureServer) => ({
  engine: 'auto' as const,
  hubUrl: pages.origin,
  ggufShardMb: 0.1,
  contextWindow: 8192,
  allowLoopback: true,
  searchProviders: [{ id: 'searxng' as const, enabled: true, baseUrl: pages.origin }],
  stepLimit: 5,
});

/** Settings for the test, and the e2e build's grammar that walks the tiny model through a run. */
async function setUp(panel: Page, settings: Record<string, unknown>): Promise<void> {
  await writeSettings(panel, settings);
  await idb(panel, { store: 'settings', op: 'put', key: 'e2e:grammar', value: 'test-sequence' });
}

async function send<T>(page: Page, type: string, payload: unknown = {}): Promise<T> {
  const r = await sendFromPage(page, type, payload);
  if (!r.ok) throw new Error(`${type}: ${r.error?.message}`);
  return r.value as T;
}

describe('GGUF from the hub: choice, download, split, multi-threaded load, resume', () => {
  let pages: FixtureServer;

  beforeAll(async () => {
    pages = await startFixtureServer();
    const names = pages.sharedPages.slice(0, 2);
    const pageUrls = (names.length ? names : ['article']).map((n) => `${pages.origin}/pages/${n}/`);
    serveSearch(pages, () =>
      pageUrls.map((url, i) => ({ title: `Result ${i + 1}`, url, content: 'A page about the topic.' })),
    );
  });
  afterAll(async () => {
    await pages?.close();
  });

  describe('first run from the side panel', () => {
    let b: ExtensionBrowser;
    beforeAll(async () => {
      b = await launchWithExtension();
    });
    afterAll(async () => {
      await b?.close();
    });

    it('explains the choice and size, downloads with progress into shards, loads with threads, answers', async () => {
      // Slow enough that the progress line shows speed and time left.
      const hub = serveHub(pages, REPO, [{ name: FILE, bytes: model }], { bytesPerSecond: 128 * 1024 });
      let panel = await b.openPage('extension/sidepanel/index.html');
      await panel.getByTestId('status-offscreen').and(panel.locator('[data-state="ok"]')).waitFor();
      await setUp(panel, settingsFor(pages));
      await panel.reload();

      // Before anything is downloaded, the first-run guide says what Auto picked, why, and how much
      // it is; the notice above it does not say it again.
      const plan = panel.getByTestId('guide-plan');
      await expect.poll(() => plan.getAttribute('data-profile'), { timeout: 15_000 }).toBe('dr-venus');
      expect(await panel.getByTestId('guide-model-name').textContent()).toBe('DR-Venus 4B RL Q4_K_M');
      expect(await plan.textContent()).toContain(`${SIZE} download`);
      expect(await panel.getByTestId('plan-reason').textContent()).toMatch(/^Auto picked DR-Venus 4B RL/);
      // The panel's model picker names the same model (it said "Auto: Qwen3-…", web-llm's own pick).
      await expect
        .poll(async () => (await modelPickerShown(panel)).text, { timeout: 15_000 })
        .toBe('Auto: DR-Venus 4B RL Q4_K_M');
      // Why it runs on the CPU, from what the adapter itself offers: llama.cpp's WebGPU backend needs
      // shader-f16, which SwiftShader (headless Chromium's adapter) lacks.
      const adapter = await pageAdapter(panel);
      const cpuWhy = !adapter
        ? /^CPU: no WebGPU adapter/
        : adapter.shaderF16
          ? /^CPU: the WebGPU adapter .* is a software one/
          : /^CPU: WebGPU adapter lacks shader-f16, which llama\.cpp's WebGPU backend requires\.$/;
      expect(await panel.getByTestId('plan-backend').textContent()).toMatch(cpuWhy);
      expect(await panel.getByTestId('load-model').textContent()).toBe('Load model');
      expect(hub.requests).toEqual([]);

      await panel.getByTestId('question').fill('What does the first search result say?');
      await panel.getByTestId('start').click();
      const firstRun = panel.getByTestId('first-run');
      await firstRun.waitFor();
      expect(await firstRun.textContent()).toContain(
        `Sleuth needs to download DR-Venus 4B RL Q4_K_M (${SIZE}) once`,
      );
      expect(hub.requests).toEqual([]);
      await b.screenshot(panel, 'gguf-first-run');

      await panel.getByTestId('first-run-download').click();
      // Progress with bytes, speed and time left while it streams.
      const progress = panel.locator('label[for="model-progress"]');
      await expect
        .poll(async () => (await progress.textContent().catch(() => '')) ?? '', { timeout: 20_000 })
        .toMatch(new RegExp(`[KM]B of ${escaped(SIZE)} · .*/s · about \\d+ s left`));
      await b.screenshot(panel, 'gguf-downloading');

      const status = async () => (await send<{ engine: Status }>(panel, 'engine.ping')).engine;
      await expect.poll(async () => (await status()).state, { timeout: 60_000 }).toBe('ready');
      const ready = await status();
      expect(ready).toMatchObject({ backend: 'cpu', profile: 'dr-venus' });
      expect(ready.backendReason).toMatch(cpuWhy);
      expect(ready.threads).toBeGreaterThan(1);
      expect((await send<{ isolated?: boolean }>(panel, 'engine.ping')).isolated).toBe(true);
      // The ranges asked for cover the file once, from the start.
      expect(hub.requests.map((r) => r.range)).toEqual(['bytes=0-']);

      const stored = await send<Listed>(panel, 'engine.storedModels');
      expect(stored.models).toHaveLength(1);
      expect(stored.models[0]).toMatchObject({ complete: true, totalBytes: model.length });
      expect(stored.models[0]?.shards).toBeGreaterThan(3);

      // The run the person asked for starts once the model is loaded, and answers.
      await expect
        .poll(async () => (await send<{ sessionIds: string[] }>(panel, 'runner.active')).sessionIds.length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      const [sessionId = ''] = (await send<{ sessionIds: string[] }>(panel, 'runner.active')).sessionIds;
      await expect
        .poll(async () => (await readSession(panel, sessionId))?.status, { timeout: 90_000, interval: 500 })
        .toMatch(/done|error|stopped/);
      const session = await readSession(panel, sessionId);
      expect(session?.status, String(session?.error)).toBe('done');
      expect(String(session?.answer ?? '').trim().length).toBeGreaterThan(0);
      await panel.close();

      // The caveat is absent: this is the trained agent.
      panel = await b.openPage('extension/sidepanel/index.html');
      await panel.getByTestId('status-offscreen').and(panel.locator('[data-state="ok"]')).waitFor();
      expect(await panel.getByTestId('engine-caveat').count()).toBe(0);
    });
  });

  describe('an interrupted download', () => {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-e2e-resume-'));
    afterAll(() => rmSync(profile, { recursive: true, force: true }));

    it('resumes from where it stopped after the browser is relaunched', async () => {
      const half = Math.floor(large.length / 2);
      const hub = serveHub(pages, 'resume-test/DR-Venus-4B-RL-GGUF', [{ name: FILE, bytes: large }], {
        stopAt: half,
        bytesPerSecond: 4 * 1024 * 1024,
      });
      let b = await launchWithExtension({ userDataDir: profile });
      let panel = await b.openPage('extension/sidepanel/index.html');
      await panel.getByTestId('status-offscreen').and(panel.locator('[data-state="ok"]')).waitFor();
      await setUp(panel, {
        ...settingsFor(pages),
        ggufShardMb: 1,
        engine: 'wllama',
        wllamaModelUrl: 'hf:resume-test/DR-Venus-4B-RL-GGUF',
      });
      // Never answers: the browser closes while it retries.
      void sendFromPage(panel, 'engine.load', {}).catch(() => undefined);
      // The server stops halfway; the download retries against a dead server, checkpointing first.
      await expect
        .poll(() => hub.requests.filter((r) => r.failed).length, { timeout: 20_000 })
        .toBeGreaterThan(1);
      const partial = async () => (await send<Listed>(panel, 'engine.storedModels')).models[0];
      const stopped = await partial();
      expect(stopped?.complete).toBe(false);
      // What arrived before the connection dropped is stored (Chromium may drop bytes still in flight).
      const stoppedAt = stopped?.doneBytes ?? 0;
      expect(stoppedAt).toBeGreaterThan(half / 2);
      expect(stoppedAt).toBeLessThanOrEqual(half);
      await b.close({ keepProfile: true });

      hub.start();
      const before = hub.requests.length;
      b = await launchWithExtension({ userDataDir: profile });
      try {
        panel = await b.openPage('extension/sidepanel/index.html');
        await panel.getByTestId('status-offscreen').and(panel.locator('[data-state="ok"]')).waitFor();
        // Options shows the partial download and that it continues.
        const options = await b.openPage('extension/options/index.html');
        await expect
          .poll(async () => (await options.getByTestId('stored-models').textContent()) ?? '', {
            timeout: 15_000,
          })
          .toContain(`${formatBytes(stoppedAt)} of ${LARGE} downloaded; continues where it stopped`);
        await b.screenshot(options, 'gguf-partial-download');
        await options.close();

        const loaded = await sendFromPage(panel, 'engine.load', {});
        expect(loaded.ok, loaded.error?.message).toBe(true);
        const after = hub.requests.slice(before).filter((r) => r.file === FILE);
        expect(after.map((r) => r.range)).toEqual([`bytes=${stoppedAt}-`]);
        expect((await send<{ engine: Status }>(panel, 'engine.ping')).engine.state).toBe('ready');
        const done = (await send<Listed>(panel, 'engine.storedModels')).models[0];
        expect(done).toMatchObject({ complete: true, doneBytes: large.length });
        expect(done?.shards).toBeGreaterThan(3);
      } finally {
        await b.close();
      }
    });
  });
});
