import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../scripts/tiny-gguf/tiny-model';
import { formatBytes } from '../../src/llm/progress-stats';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { serveBytes } from './helpers/byte-route';
import { writeSettings } from './helpers/extension-db';
import { sendFromPage } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { modelPickerShown } from './helpers/model-picker';

// "A GGUF download shows 0% throughout, with no size or time left": wllama's own downloader (how
// Sleuth fetched a GGUF URL before its own downloader) takes the size from a HEAD request and uses
// 0 when the answer has no Content-Length, as from a server that answers HEAD chunked or a
// signed CDN link meant for GET. The panel then had bytes but no total: "0%" for the whole
// download. This server does that; the size must come from the file itself (a Range probe).
const model = buildTinyModel({ seed: 42, contextLength: 8192 });
const SIZE = formatBytes(model.length);
const escaped = (s: string) => s.replace(/[.()]/g, '\\$&');

async function engineState(panel: Page): Promise<string> {
  const r = await sendFromPage(panel, 'engine.ping', {});
  return r.ok ? ((r.value as { engine: { state: string } }).engine.state ?? '') : 'down';
}

describe('GGUF download progress', () => {
  let b: ExtensionBrowser;
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('shows how much of how much, and time left, when the server will not say the size to HEAD', async () => {
    // GET with Range and a length, streamed slowly; HEAD with no size at all.
    serveBytes(server, '/models/tiny-sizeless.gguf', model, {
      sizelessHead: true,
      bytesPerSecond: 96 * 1024,
    });
    const panel = await b.openPage('extension/sidepanel/index.html');
    await panel.setViewportSize({ width: 400, height: 900 });
    await expect.poll(() => engineState(panel), { timeout: 15_000 }).toBe('not-loaded');
    await writeSettings(panel, {
      engine: 'wllama',
      wllamaModelUrl: `${server.origin}/models/tiny-sizeless.gguf`,
      contextWindow: 8192,
      ggufShardMb: 0.1,
      allowLoopback: true,
      guideDone: true,
    });
    await panel.reload();
    await expect.poll(() => engineState(panel), { timeout: 15_000 }).toBe('not-loaded');
    const loaded = sendFromPage(panel, 'engine.load', {}).catch((e: unknown) => ({ ok: false, error: e }));
    // Progress as the panel shows it, each distinct line kept.
    const label = panel.locator('label[for="model-progress"]');
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const text = (await label.textContent().catch(() => null)) ?? '';
          if (text && seen.at(-1) !== text) seen.push(text);
          return text;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toMatch(new RegExp(`[KM]?B of ${escaped(SIZE)} · .*/s · about \\d+ s left`))
      .catch((e: unknown) => {
        throw new Error(`progress lines seen: ${JSON.stringify(seen)}`, { cause: e });
      });
    // The header says what it is busy with (it said "Checking…" through the whole download).
    expect(await panel.getByTestId('health').getAttribute('title')).toBe('Loading…');
    // The picker names the model by its file, all of it on screen, the address on hover (it showed
    // "http://127.0.0.1:44959/models/tin…", cut).
    expect(await modelPickerShown(panel)).toEqual({
      text: 'tiny-sizeless.gguf',
      whole: true,
      hover: `${server.origin}/models/tiny-sizeless.gguf`,
    });
    await b.screenshot(panel, 'gguf-progress-sizeless-head');
    // Never a bare percentage stuck at 0 while bytes arrive; then the model loads.
    expect(seen.filter((s) => /\b0%/.test(s))).toEqual([]);
    const done = await loaded;
    expect(done.ok, JSON.stringify(done)).toBe(true);
  });
});
