import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../scripts/tiny-gguf/tiny-model';
import { collectErrors, type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { serveBytes } from './helpers/byte-route';
import { idb, readSession, readSteps, writeSettings } from './helpers/extension-db';
import { sendFromPage, startResearch } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { offscreenPage } from './helpers/offscreen-target';
import { serveSearch } from './helpers/search-fixture';

// Model profiles in the built extension: a research run on a real llama.cpp (wllama, CPU) under the
// dr-venus profile, and the options page showing which profile runs and switching it.
describe('model profiles', () => {
  let b: ExtensionBrowser;
  let pages: FixtureServer;
  let modelUrl: string;
  let pageUrls: string[];

  beforeAll(async () => {
    pages = await startFixtureServer();
    const names = pages.sharedPages.slice(0, 2);
    pageUrls = (names.length ? names : ['article']).map((n) => `${pages.origin}/pages/${n}/`);
    serveSearch(pages, () =>
      pageUrls.map((url, i) => ({ title: `Result ${i + 1}`, url, content: 'A page about the topic.' })),
    );
    serveBytes(pages, '/tiny.gguf', buildTinyModel({ seed: 42, contextLength: 8192 }));
    modelUrl = `${pages.origin}/tiny.gguf`;
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await pages?.close();
  });

  it('runs the tiny GGUF under the dr-venus profile: every reply opens with one <think>', async () => {
    const panel = await b.openPage('extension/sidepanel/index.html');
    await expect.poll(() => panel.getByTestId('status-offscreen').getAttribute('data-state')).toBe('ok');
    const offscreenErrors: string[] = [];
    const offscreen = await offscreenPage(b.context, b.extensionId);
    offscreen?.on('pageerror', (e) => offscreenErrors.push(String(e)));
    // The tiny model's random weights walk a fixed call sequence under the e2e build's test grammar.
    await idb(panel, { store: 'settings', op: 'put', key: 'e2e:grammar', value: 'test-sequence' });
    await writeSettings(panel, {
      engine: 'wllama',
      wllamaModelUrl: modelUrl,
      // The tiny model is not named DR-Venus: the profile is chosen by hand, as a user would.
      profile: 'dr-venus',
      contextWindow: 8192,
      allowLoopback: true,
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
      stepLimit: 5,
    });
    const loaded = await sendFromPage(panel, 'engine.load', {});
    expect(loaded.ok, `${loaded.error?.message}\noffscreen: ${offscreenErrors.join('\n')}`).toBe(true);

    const sessionId = await startResearch(panel, 'What does the first search result say?');
    await expect
      .poll(async () => (await readSession(panel, sessionId))?.status, { timeout: 60_000, interval: 250 })
      .toMatch(/done|error|stopped/);
    const session = await readSession(panel, sessionId);
    expect(session?.status, `${String(session?.error)}\noffscreen: ${offscreenErrors.join('\n')}`).toBe(
      'done',
    );
    expect(String(session?.answer ?? '').trim().length).toBeGreaterThan(0);
    // The run recorded the profile it ran under and the prompt it was given.
    const snapshot = session?.settings as { modelProfile?: string; app?: { profile?: string } };
    expect(snapshot.app?.profile).toBe('dr-venus');

    const steps = await readSteps(panel, sessionId);
    const kinds = steps.map((s) => (s.action as { action?: { kind?: string } }).action?.kind);
    expect(kinds).toEqual(['search', 'visit', 'answer']);
    for (const step of steps) {
      const raw = String(step.raw);
      // The prompt ended with `<think>\n`; the grammar continued it; the kept reply holds it once.
      expect(raw.startsWith('<think>\n'), raw).toBe(true);
      expect(raw.slice(1)).not.toContain('<think>');
      expect(String(step.think).length).toBeGreaterThan(0);
    }
    expect(offscreenErrors).toEqual([]);
  });

  it('the options page shows which profile runs and switches it', async () => {
    const page = await b.openPage('extension/options/index.html');
    const errors = collectErrors(page);
    await writeSettings(page, {});
    await page.reload();
    const select = page.getByTestId('profile-select');
    const effective = page.getByTestId('profile-effective');
    // The default engine, Auto, aims for the DR-Venus GGUF, so Automatic picks the dr-venus profile.
    await expect.poll(() => select.inputValue()).toBe('auto');
    expect(await effective.getAttribute('data-profile')).toBe('dr-venus');
    // A Qwen3 model in the browser (WebGPU engine) runs the general profile.
    await page.getByTestId('engine-select').selectOption('web-llm');
    await expect.poll(() => effective.getAttribute('data-profile')).toBe('general');
    expect(await select.locator('option[value=auto]').textContent()).toContain('General');
    // Switching to the GGUF engine (DR-Venus by default) changes what Automatic picks.
    await page.getByTestId('engine-select').selectOption('wllama');
    await expect.poll(() => effective.getAttribute('data-profile')).toBe('dr-venus');
    expect(await select.locator('option[value=auto]').textContent()).toContain('DR-Venus');
    await expect.poll(() => effective.textContent()).toContain('top-k 20');
    // Overriding it by hand, and its prompt texts follow.
    await select.selectOption('general');
    await expect.poll(() => effective.getAttribute('data-profile')).toBe('general');
    await page.getByTestId('prompt-texts').locator('summary').click();
    expect(await page.getByTestId('prompt-system').getAttribute('placeholder')).toContain('# Reply format');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
    const saved = await idb<{ profile?: string; engine?: string }>(page, {
      store: 'settings',
      op: 'get',
      key: 'app',
    });
    expect(saved).toMatchObject({ profile: 'general', engine: 'wllama' });
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-select').inputValue()).toBe('general');
    await b.screenshot(page, 'options-profile');
    expect(errors).toEqual([]);
  });
});
