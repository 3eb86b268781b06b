import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadTabResult } from '../../src/tools/browse/tabs/tab-reader';
import { awkwardPages } from '../e2e/helpers/awkward-pages';
import { type FixtureServer, startFixtureServer } from '../e2e/helpers/fixture-server';
import { type FirefoxExtension, launchFirefoxWithExtension, sendFromPage } from './helpers/firefox';

const devPolicy = { allowHttp: false, allowLoopback: true, allow: [], deny: [] };

describe('Firefox tabs read pages: grouped, signed out, guarded', () => {
  let ff: FirefoxExtension;
  let server: FixtureServer;
  let panel: Page;
  const cookieSeen: string[] = [];

  beforeAll(async () => {
    server = await startFixtureServer();
    // The same awkward pages the Chromium tab-reader e2e reads; only /account and /redirect-private are used here.
    server.route(awkwardPages({ cookieSeen, held: [] }));
    ff = await launchFirefoxWithExtension();
    panel = await ff.panel();
  });
  afterAll(async () => {
    await ff?.close();
    await server?.close();
  });

  // A roomy page timeout: a read that times out is partial, and by design its tab is closed rather
  // than reused, which is not what these tests are about. On the shared 2-core machine Firefox now and
  // then holds a real page's parsing about 5 s (in a plain user tab too), and CPU load stretched the
  // shared 'mozilla-2' page past 10 s: the reuse test then saw a second agent tab.
  const read = async (url: string, signedOut = true) => {
    const r = await sendFromPage(panel, 'router.readTab', {
      url,
      timeoutMs: 30_000,
      signedOut,
      policy: devPolicy,
    });
    expect(r.ok, r.error?.message).toBe(true);
    return r.value as ReadTabResult;
  };
  const tabCount = () => panel.evaluate(async () => (await chrome.tabs.query({})).length);

  it('opens a real page in a background tab in a collapsed "Sleuth" group, extracts it and closes it', async () => {
    const before = await tabCount();
    let groups: { title?: string; collapsed: boolean }[] = [];
    const watching = (async () => {
      for (let i = 0; i < 100 && !groups.some((g) => g.title === 'Sleuth' && g.collapsed); i++) {
        groups = await panel.evaluate(async () =>
          (await chrome.tabGroups.query({})).map((g) => ({ title: g.title, collapsed: g.collapsed })),
        );
      }
    })();
    const [result] = await Promise.all([read(`${server.origin}/pages/001/`), watching]);
    expect(result.ok, result.reason).toBe(true);
    expect(result.via).toBe('new-tab');
    expect(result.markdown).toContain('Blanket.js');
    expect(groups).toContainEqual({ title: 'Sleuth', collapsed: true });
    // The agent tab waits for the run's next read until the run ends.
    expect(await tabCount()).toBe(before + 1);
    expect(await sendFromPage(panel, 'router.closeIdleTabs', {})).toMatchObject({
      ok: true,
      value: { closed: 1 },
    });
    await expect.poll(tabCount).toBe(before);
  });

  it('reuses one agent tab for successive reads', async () => {
    await panel.evaluate(() => {
      const g = globalThis as unknown as { created: number };
      g.created = 0;
      chrome.tabs.onCreated.addListener(() => {
        g.created++;
      });
    });
    for (const name of ['001', 'mozilla-2', '001']) {
      const r = await read(`${server.origin}/pages/${name}/`);
      expect(r.ok, r.reason).toBe(true);
      expect(r.partial, 'the page did not finish loading in time').toBeUndefined();
      expect(r.finalUrl).toBe(`${server.origin}/pages/${name}/`);
    }
    expect(await panel.evaluate(() => (globalThis as unknown as { created: number }).created)).toBe(1);
    expect(await sendFromPage(panel, 'router.closeIdleTabs', {})).toMatchObject({ value: { closed: 1 } });
  });

  it('reads signed out: the agent tab sends no cookies unless the user opts in for the site', async () => {
    const user = await ff.browser.newPage();
    await user.goto(`${server.origin}/account`);
    await user.reload();
    await user.close();
    expect(cookieSeen.at(-1)).toContain('session=secret-123');
    expect((await read(`${server.origin}/account?signedOut=true`, true)).ok).toBe(true);
    expect(cookieSeen.at(-1)).toBe('');
    expect((await read(`${server.origin}/account?signedOut=false`, false)).ok).toBe(true);
    expect(cookieSeen.at(-1)).toContain('session=secret-123');
  });

  it('refuses a redirect to a private address', async () => {
    const result = await read(`${server.origin}/redirect-private`);
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/10\.0\.0\.1/);
    expect(result.markdown).toBe('');
  });
});
