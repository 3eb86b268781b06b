import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../../scripts/lib/scripted-model-server';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { writeSettings } from './helpers/extension-db';
import { sendFromPage } from './helpers/extension-messages';
import { openPanel } from './helpers/open-panel';
import { type ResearchFixture, startResearchFixture } from './helpers/research-fixture';

// A model that cannot be loaded, as a user meets it: web-llm with no internet fails at once.
describe('a failed model load, seen from the side panel', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture();
    b = await launchWithExtension();
    panel = await openPanel(b);
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  /** What a user reads in the panel (closed details and screen-reader-only text left out). */
  // biome-ignore lint/performance/useDomNodeTextContent: innerText is what is shown
  const shown = () => panel.locator('main').innerText();
  const times = (text: string, needle: string) => text.split(needle).length - 1;

  it('says the error once, with no "press Retry" beside a button named otherwise', async () => {
    await writeSettings(panel, {
      ...fx.settings,
      engine: 'web-llm',
      webllmModel: 'Qwen3-0.6B-q4f32_1-MLC',
      guideDone: true,
    });
    await panel.reload();
    await panel.getByTestId('load-model').click();
    const banner = panel.getByTestId('engine-error');
    await banner.waitFor({ timeout: 15_000 });
    /** The failure's own words, as the banner says them now (after the heading). */
    const bannerMessage = async () =>
      ((await banner.locator('p').first().textContent()) ?? '')
        .replace('The model could not be loaded.', '')
        .trim();
    expect(await bannerMessage()).not.toBe('');
    // Then the user asks anyway: the run cannot start either, and the panel still says it once.
    await panel.getByTestId('question').fill('Which JavaScript coverage library works with Mocha?');
    await panel.getByTestId('start').click();
    // The panel first offers the download (with its size); agreeing ends in the same failure.
    const consent = panel.getByTestId('first-run-download');
    await consent.waitFor({ timeout: 15_000 });
    // The second attempt replaces the banner with its progress, however briefly; note when it goes,
    // so the checks below read the second failure and not the first one still on screen.
    await panel.evaluate(() => {
      const seen = window as unknown as { bannerWent?: boolean };
      seen.bannerWent = false;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid=engine-error]')) seen.bannerWent = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await consent.click();
    // Wait for the second attempt to settle (its progress gone, the banner back), then read what the
    // banner says now: the second failure may word itself differently, but it is still said once.
    await expect
      .poll(
        async () => {
          const went = await panel.evaluate(() => (window as unknown as { bannerWent?: boolean }).bannerWent);
          if (!went) return 'first failure still shown';
          if (await panel.getByTestId('engine-loading').isVisible()) return 'loading';
          if (!(await banner.isVisible())) return 'no banner';
          const message = await bannerMessage();
          const text = await shown();
          return `${times(text, 'could not be loaded')} ${message !== '' && times(text, message.slice(0, 40))}`;
        },
        { timeout: 15_000 },
      )
      .toBe('1 1');
    const text = await shown();
    expect(text).not.toMatch(/press Retry/i);
    expect(await banner.getByRole('button', { name: 'Try loading again' }).isVisible()).toBe(true);
    await b.screenshot(panel, 'panel-model-error');
  });

  it('choosing another model clears "could not be loaded"', async () => {
    const picker = panel.getByTestId('model-picker');
    const other = await picker
      .locator('option')
      .evaluateAll((os) =>
        os
          .map((o) => (o as HTMLOptionElement).value)
          .find((v) => v !== '' && v !== 'Qwen3-0.6B-q4f32_1-MLC' && !v.startsWith('auto')),
      );
    expect(other).toBeTruthy();
    await picker.selectOption(other ?? '');
    await expect.poll(async () => times(await shown(), 'could not be loaded'), { timeout: 15_000 }).toBe(0);
    await panel.getByTestId('engine-notice').waitFor();
  });

  it('a GGUF that could not be loaded: choosing another GGUF clears the error too', async () => {
    // The engine host names a GGUF by the file it resolved, not by what the settings say, so a
    // failed GGUF load used to stay "could not be loaded" after the picker named another model.
    const missing = `${fx.pages.origin}/models/missing.gguf`;
    await writeSettings(panel, {
      ...fx.settings,
      engine: 'wllama',
      wllamaModelUrl: missing,
      guideDone: true,
    });
    await panel.reload();
    await panel.getByTestId('load-model').click();
    await panel.getByTestId('engine-error').waitFor({ timeout: 15_000 });
    expect(await shown()).toContain('HTTP 404');
    const picker = panel.getByTestId('model-picker');
    const other = await picker
      .locator('option')
      .evaluateAll(
        (os, url) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v && v !== url),
        missing,
      );
    expect(other).toBeTruthy();
    await picker.selectOption(other ?? '');
    await expect.poll(async () => times(await shown(), 'could not be loaded'), { timeout: 15_000 }).toBe(0);
    await panel.getByTestId('engine-notice').waitFor();
  });

  it('a model server that stops answering after it loaded shows as down, not "ready"', async () => {
    // Its own server, so closing it leaves the fixture's for the other tests.
    const server = await startScriptedModelServer();
    try {
      await writeSettings(panel, { ...fx.settings, openaiBaseUrl: server.url, guideDone: true });
      await panel.reload();
      const engine = panel.getByTestId('status-engine');
      // Loaded as a run would load it (a model server has no "Load model" button).
      expect((await sendFromPage(panel, 'engine.load', {})).ok).toBe(true);
      await expect.poll(() => engine.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    } finally {
      await server.close();
    }
    // The engine host still holds the loaded model; what the panel shows must be the server's health.
    await panel.reload();
    const engine = panel.getByTestId('status-engine');
    await expect.poll(() => engine.getAttribute('data-state'), { timeout: 40_000 }).toBe('down');
    expect(await engine.textContent()).not.toMatch(/ready/i);
  });

  it('a model server: nothing about downloading; when it is down, the status is not "ready"', async () => {
    await writeSettings(panel, { ...fx.settings, guideDone: true });
    await panel.reload();
    const engine = panel.getByTestId('status-engine');
    // A model server is not loaded until the first run asks it; it is never downloaded.
    await expect
      .poll(() => engine.getAttribute('data-state'), { timeout: 15_000 })
      .toMatch(/^(ready|not-loaded)$/);
    expect(await shown()).not.toMatch(/download/i);

    // A port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => resolve(port));
      });
    });
    await writeSettings(panel, {
      ...fx.settings,
      openaiBaseUrl: `http://127.0.0.1:${closed}/v1`,
      guideDone: true,
    });
    await panel.reload();
    await expect.poll(() => engine.getAttribute('data-state'), { timeout: 15_000 }).toBe('down');
    expect(await engine.textContent()).not.toMatch(/ready/i);
    expect(await panel.getByTestId('health').getAttribute('data-health')).toBe('down');
    const banner = panel.getByTestId('engine-error');
    await banner.waitFor();
    expect(await banner.textContent()).not.toMatch(/download/i);
  });
});
