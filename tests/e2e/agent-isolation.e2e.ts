import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadTabResult } from '../../src/tools/browse/tabs/tab-reader';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { sendFromPage } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import {
  HTTPONLY_SECRET,
  JS_SECRET,
  type SiteReport,
  serveSignedInSite,
  TOKEN_SECRET,
} from './helpers/signed-in-site';

const devPolicy = { allowHttp: true, allowLoopback: true, allow: [], deny: [] };

const until = async (ok: () => boolean | Promise<boolean>, what: string, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The user's own visit in a normal tab: cookies, token and service worker set up, and seen. */
async function signInAsUser(b: ExtensionBrowser, server: FixtureServer, reports: SiteReport[]) {
  const tab = await b.context.newPage();
  await tab.goto(`${server.origin}/site/setup`);
  await tab.locator('#state', { hasText: 'ready' }).waitFor();
  await tab.goto(`${server.origin}/site/app?as=user`);
  await until(
    () => reports.some((r) => r.from === 'page' && r.as === 'user' && r.controlled),
    'the user visit',
  );
  await tab.close();
}

const read = async (panel: Page, url: string) => {
  const r = await sendFromPage(panel, 'router.readTab', {
    url,
    timeoutMs: 10_000,
    signedOut: true,
    policy: devPolicy,
  });
  expect(r.ok, r.error?.message).toBe(true);
  return r.value as ReadTabResult;
};

describe('agent tabs share nothing with the user profile (Chrome incognito window)', () => {
  let b: ExtensionBrowser;
  let server: FixtureServer;
  let panel: Page;
  const reports: SiteReport[] = [];

  beforeAll(async () => {
    server = await startFixtureServer();
    serveSignedInSite(server, reports);
    b = await launchWithExtension();
    panel = await b.openPage('extension/sidepanel/index.html');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('a site signed in to in a normal tab sees no cookie, token or service worker on the agent visit', async () => {
    await signInAsUser(b, server, reports);
    // Control: in the user's profile the page does see all of it (else the test could not fail).
    const user = reports.find((r) => r.from === 'page' && r.as === 'user');
    expect(user?.jsCookie).toContain(JS_SECRET);
    expect(user?.token).toBe(TOKEN_SECRET);
    expect(user?.cookieHeader).toContain(HTTPONLY_SECRET);

    const result = await read(panel, `${server.origin}/site/app?as=agent`);
    const windowsDuring = await panel.evaluate(async () =>
      (await chrome.windows.getAll()).map((w) => ({ incognito: w.incognito })),
    );
    expect(result.ok, result.reason).toBe(true);
    expect(result.via).toBe('new-tab');
    // The page's script ran in the agent tab (its text is what it wrote) and reported.
    expect(result.markdown).toContain('Controlled by a service worker: false');
    await until(() => reports.some((r) => r.as === 'agent' && r.from === 'page'), 'the agent visit report');
    const agent = reports.filter((r) => r.as === 'agent');
    expect(agent.filter((r) => r.from === 'sw')).toEqual([]);
    for (const r of agent) {
      expect(r.jsCookie).toBe('');
      expect(r.token).toBe('');
      expect(r.controlled).toBe(false);
      expect(r.cookieHeader).not.toContain(HTTPONLY_SECRET);
      expect(r.cookieHeader).not.toContain(JS_SECRET);
    }
    for (const secret of [JS_SECRET, HTTPONLY_SECRET, TOKEN_SECRET])
      expect(result.markdown).not.toContain(secret);
    // It was read in Sleuth's own incognito window. (It is opened minimised and unfocused; headless
    // Chromium reports every window as "normal" and focused, so that is not checked here.)
    expect(windowsDuring.filter((w) => w.incognito)).toHaveLength(1);

    // The run ends: the agent window closes with its tabs, and nothing else of the user's goes.
    await sendFromPage(panel, 'router.closeIdleTabs', {});
    await until(
      async () =>
        !(await panel.evaluate(async () => (await chrome.windows.getAll()).some((w) => w.incognito))),
      'the agent window to close',
    );
    await b.screenshot(panel, 'agent-isolation-panel');
  });
});

describe('without "Allow in Incognito" Sleuth never reads in the user profile', () => {
  let b: ExtensionBrowser;
  let server: FixtureServer;
  let panel: Page;
  const reports: SiteReport[] = [];

  beforeAll(async () => {
    server = await startFixtureServer();
    serveSignedInSite(server, reports);
    b = await launchWithExtension({ incognito: false });
    panel = await b.openPage('extension/sidepanel/index.html');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('a page that needs scripts is refused with the reason, and no tab opens', async () => {
    await signInAsUser(b, server, reports);
    const tabsBefore = await panel.evaluate(async () => (await chrome.tabs.query({})).length);
    const result = await read(panel, `${server.origin}/site/app?as=agent`);
    expect(result.ok).toBe(false);
    expect(result.code).toBe('needs-incognito');
    expect(result.reason).toMatch(/Incognito/);
    expect(await panel.evaluate(async () => (await chrome.tabs.query({})).length)).toBe(tabsBefore);
    expect(reports.filter((r) => r.as === 'agent')).toEqual([]);
  });

  it('the first-run guide asks to allow Sleuth in Incognito, with why, and opens its details page', async () => {
    await panel.reload();
    const ask = panel.getByTestId('guide-incognito');
    await ask.waitFor().catch(async (err: unknown) => {
      await b.screenshot(panel, 'guide-incognito-missing');
      throw err;
    });
    expect(await ask.textContent()).toMatch(/cookies, sign-ins/);
    await b.screenshot(panel, 'guide-incognito');
    const opened = b.context.waitForEvent('page');
    await panel.getByTestId('guide-incognito-open').click();
    const details = await opened;
    await until(() => details.url().startsWith('chrome://extensions'), 'the details page');
    expect(details.url()).toBe(`chrome://extensions/?id=${b.extensionId}`);
  });
});
