import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { writeSettings } from './helpers/extension-db';
import { sendFromPage } from './helpers/extension-messages';
import { pageAdapter } from './helpers/page-adapter';

// web-llm in the offscreen document on a machine without internet: the WebGPU probe reports the
// adapter the browser gives its pages (SwiftShader on a machine without a GPU: the launch passes
// --enable-unsafe-webgpu; the real GPU elsewhere), the chooser picks a model that adapter can run,
// and a load fails fast with a plain "offline" message and nothing left in the cache.
describe('web-llm engine offline', () => {
  let b: ExtensionBrowser;
  let panel: Page;

  /** Cache Storage is per origin, so an extension page sees what the offscreen document cached. */
  const cachedUrls = (page: Page) =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const r of await (await caches.open(name)).keys()) urls.push(`${name} ${r.url}`);
      }
      return urls;
    });

  beforeAll(async () => {
    b = await launchWithExtension();
    panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state="ok"]')).waitFor();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('reports the adapter the browser gives, with its 16-bit shader support and buffer limit', async () => {
    const r = await sendFromPage(panel, 'engine.probe', {});
    expect(r.ok, r.error?.message).toBe(true);
    const probe = r.value as { available: boolean; shaderF16: boolean };
    const seen = await pageAdapter(panel);
    console.log(JSON.stringify({ probe, seen }));
    expect(seen, 'the launch enables WebGPU, so pages get an adapter').not.toBeNull();
    expect(probe).toMatchObject({ available: true, ...seen });
  });

  it('fails a named model quickly with an offline message and caches nothing', async () => {
    const modelId = 'Qwen3-0.6B-q4f32_1-MLC';
    await writeSettings(panel, { engine: 'web-llm', webllmModel: modelId });
    const t0 = Date.now();
    const r = await sendFromPage(panel, 'engine.load', {});
    const ms = Date.now() - t0;
    console.log(JSON.stringify({ webllmOfflineFailMs: ms, error: r.error }));
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/download|offline/i);
    expect(ms).toBeLessThan(10_000);
    const status = await sendFromPage(panel, 'engine.status', {});
    expect(status.value).toMatchObject({ engine: 'web-llm', modelId, state: 'error' });

    const cached = await sendFromPage(panel, 'engine.listCached', {});
    expect(cached.ok, cached.error?.message).toBe(true);
    expect(cached.value).toEqual([]);
    expect((await cachedUrls(panel)).filter((u) => u.includes('Qwen3'))).toEqual([]);
  });

  it('picks a model this adapter can run when left on auto, then fails the same way', async () => {
    const shaderF16 = (await pageAdapter(panel))?.shaderF16 ?? false;
    await writeSettings(panel, { engine: 'web-llm', webllmModel: '' });
    const t0 = Date.now();
    const r = await sendFromPage(panel, 'engine.load', {});
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/download|offline/i);
    const status = (await sendFromPage(panel, 'engine.status', {})).value as {
      modelId: string | null;
      state: string;
    };
    expect(status.state).toBe('error');
    // 16-bit weights only where the adapter has shader-f16 (never on SwiftShader).
    expect(status.modelId).toMatch(shaderF16 ? /^Qwen3-.*-q4f16_1-MLC$/ : /^Qwen3-.*-q4f32_1-MLC$/);
    console.log(JSON.stringify({ autoModel: status.modelId }));
    expect((await cachedUrls(panel)).filter((u) => u.includes('Qwen3'))).toEqual([]);
  });
});
