import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadTabResult } from '../../src/tools/browse/tabs/tab-reader';
import { type FixtureServer, startFixtureServer } from '../e2e/helpers/fixture-server';
import {
  HTTPONLY_SECRET,
  JS_SECRET,
  type SiteReport,
  serveSignedInSite,
  TOKEN_SECRET,
} from '../e2e/helpers/signed-in-site';
import { type FirefoxExtension, launchFirefoxWithExtension, sendFromPage } from './helpers/firefox';

const devPolicy = { allowHttp: true, allowLoopback: true, allow: [], deny: [] };

const until = async (ok: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('Firefox agent tabs share nothing with the user profile (a container of their own)', () => {
  let ff: FirefoxExtension;
  let server: FixtureServer;
  let panel: Page;
  const reports: SiteReport[] = [];

  beforeAll(async () => {
    server = await startFixtureServer();
    serveSignedInSite(server, reports);
    ff = await launchFirefoxWithExtension();
    panel = await ff.panel();
  });
  afterAll(async () => {
    await ff?.close();
    await server?.close();
  });

  it('a site signed in to in a normal tab sees no cookie, token or service worker on the agent visit', async () => {
    // The user's own visit: cookies, token and service worker set up, then seen by the page.
    const tab = await ff.browser.newPage();
    await tab.goto(`${server.origin}/site/setup`);
    await until(
      () => tab.evaluate(() => document.getElementById('state')?.textContent === 'ready'),
      'the set-up',
    );
    await tab.goto(`${server.origin}/site/app?as=user`);
    await until(
      () => reports.some((r) => r.from === 'page' && r.as === 'user' && r.controlled),
      'the user visit',
    );
    await tab.close();
    const user = reports.find((r) => r.from === 'page' && r.as === 'user');
    expect(user?.jsCookie).toContain(JS_SECRET);
    expect(user?.token).toBe(TOKEN_SECRET);
    expect(user?.cookieHeader).toContain(HTTPONLY_SECRET);

    const r = await sendFromPage(panel, 'router.readTab', {
      url: `${server.origin}/site/app?as=agent`,
      timeoutMs: 30_000,
      signedOut: true,
      policy: devPolicy,
    });
    const result = r.value as ReadTabResult;
    expect(result.ok, result.reason).toBe(true);
    expect(result.markdown).toContain('Controlled by a service worker: false');
    await until(() => reports.some((x) => x.as === 'agent' && x.from === 'page'), 'the agent visit report');
    const agent = reports.filter((x) => x.as === 'agent');
    expect(agent.filter((x) => x.from === 'sw')).toEqual([]);
    for (const x of agent) {
      expect(x.jsCookie).toBe('');
      expect(x.token).toBe('');
      expect(x.controlled).toBe(false);
      expect(x.cookieHeader).not.toContain(HTTPONLY_SECRET);
    }
    // It was read in the "Sleuth agent" container, and WebRTC was off meanwhile.
    const during = await panel.evaluate(async () => {
      const b = globalThis as unknown as {
        browser: {
          contextualIdentities: { query(q: object): Promise<{ name: string; cookieStoreId: string }[]> };
          privacy: { network: { peerConnectionEnabled: { get(q: object): Promise<{ value: boolean }> } } };
        };
      };
      const ids = await b.browser.contextualIdentities.query({ name: 'Sleuth agent' });
      const tabs = (await chrome.tabs.query({})) as (chrome.tabs.Tab & { cookieStoreId?: string })[];
      return {
        inContainer: tabs.filter((t) => ids.some((i) => i.cookieStoreId === t.cookieStoreId)).length,
        webRtc: (await b.browser.privacy.network.peerConnectionEnabled.get({})).value,
      };
    });
    expect(during).toEqual({ inContainer: 1, webRtc: false });

    await sendFromPage(panel, 'router.closeIdleTabs', {});
    const after = await panel.evaluate(async () => {
      const b = globalThis as unknown as {
        browser: {
          privacy: { network: { peerConnectionEnabled: { get(q: object): Promise<{ value: boolean }> } } };
        };
      };
      return (await b.browser.privacy.network.peerConnectionEnabled.get({})).value;
    });
    expect(after).toBe(true);
  });
});
