import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddressPatterns } from '../../src/security/blocked-address-patterns';
import type { ReadTabResult } from '../../src/tools/browse/tabs/tab-reader';
import { awkwardPages } from './helpers/awkward-pages';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { sendFromPage } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { repoRoot, sharedPagesDir } from './helpers/paths';

const devPolicy = { allowHttp: false, allowLoopback: true, allow: [], deny: [] };

describe('visit reads pages through real tabs', () => {
  let b: ExtensionBrowser;
  let server: FixtureServer;
  let panel: Page;
  const cookieSeen: string[] = [];
  const held: ServerResponse[] = [];
  const pageName = () => server.sharedPages[0] ?? '001';

  beforeAll(async () => {
    server = await startFixtureServer();
    server.route(awkwardPages({ cookieSeen, held }));
    b = await launchWithExtension();
    // The shared pages' off-host scripts and styles fail at once, as they would fail fast (or load) on
    // a connected machine, instead of stalling parsing on this sandbox's DNS.
    await b.context.route(
      (u) => u.hostname !== '127.0.0.1',
      (r) => r.abort(),
    );
    panel = await b.openPage('extension/sidepanel/index.html');
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await b?.close();
    await server?.close();
  });

  const read = async (url: string, policy = devPolicy, timeoutMs = 10_000, signedOut = true) => {
    const r = await sendFromPage(panel, 'router.readTab', {
      url,
      timeoutMs,
      signedOut,
      policy,
    });
    expect(r.ok, r.error?.message).toBe(true);
    return r.value as ReadTabResult;
  };
  const tabCount = () => panel.evaluate(async () => (await chrome.tabs.query({})).length);

  it("opens a real page in a tab of Sleuth's own incognito window, extracts it, and closes the window when the run ends", async () => {
    const before = await tabCount();
    const url = `${server.origin}/pages/${pageName()}/`;
    let agentWindows: { incognito: boolean; tabs: number }[] = [];
    const during = (async () => {
      const seen = () => agentWindows.some((w) => w.incognito && w.tabs > 0);
      for (let i = 0; i < 40 && !seen(); i++) {
        agentWindows = await panel.evaluate(async () =>
          (await chrome.windows.getAll({ populate: true })).map((w) => ({
            incognito: w.incognito,
            tabs: w.tabs?.length ?? 0,
          })),
        );
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const slow = read(`${server.origin}/slow`);
    const [result] = await Promise.all([read(url), during]);
    await slow;
    expect(result.ok, result.reason).toBe(true);
    expect(result.via).toBe('new-tab');
    const metaFile = path.join(sharedPagesDir, pageName(), 'expected-metadata.json');
    const fallback = path.join(repoRoot, 'tests/fixtures/pages', pageName(), 'expected-metadata.json');
    const meta = JSON.parse(readFileSync(server.sharedPages.length ? metaFile : fallback, 'utf8'));
    expect(result.title).toBe(meta.title);
    expect(result.markdown.length).toBeGreaterThan(500);
    // Signed-out reads never open among the user's tabs: only in the agent's incognito window.
    expect(agentWindows.filter((w) => w.incognito)).toHaveLength(1);
    // The two agent tabs wait for the run's next reads until the run ends.
    expect(await tabCount()).toBe(before + 2);
    expect(await sendFromPage(panel, 'router.closeIdleTabs', {})).toMatchObject({
      ok: true,
      value: { closed: 2 },
    });
    await expect.poll(tabCount).toBe(before);
    const incognitoLeft = () =>
      panel.evaluate(async () => (await chrome.windows.getAll()).filter((w) => w.incognito).length);
    await expect.poll(incognitoLeft).toBe(0);
  });

  it('reuses one agent tab for successive reads', async () => {
    await sendFromPage(panel, 'router.closeIdleTabs', {});
    await panel.evaluate(() => {
      const g = globalThis as unknown as { created: number };
      g.created = 0;
      chrome.tabs.onCreated.addListener(() => {
        g.created++;
      });
    });
    const names = [pageName(), server.sharedPages[1] ?? pageName()];
    for (const name of [...names, ...names]) {
      const r = await read(`${server.origin}/pages/${name}/`);
      expect(r.ok, r.reason).toBe(true);
      expect(r.finalUrl).toBe(`${server.origin}/pages/${name}/`);
    }
    expect(await panel.evaluate(() => (globalThis as unknown as { created: number }).created)).toBe(1);
    // Between reads the tab is emptied: the last page no longer runs there.
    const agentTabUrls = () =>
      panel.evaluate(async () => (await chrome.tabs.query({})).filter((t) => t.incognito).map((t) => t.url));
    await expect.poll(agentTabUrls).toEqual(['about:blank']);
    expect(await sendFromPage(panel, 'router.closeIdleTabs', {})).toMatchObject({ value: { closed: 1 } });
  });

  it('an agent tab loads no images, fonts or media, and reads without waiting for a slow script', async () => {
    const assetHits = (tag: string) =>
      server.hits.filter((h) => h.startsWith('/asset/') && h.endsWith(`?${tag}`));
    const result = await read(`${server.origin}/heavy?tag=agent`, devPolicy, 30_000);
    expect(result.ok, result.reason).toBe(true);
    expect(result.partial).toBeUndefined();
    expect(result.markdown).toContain('The article text a reader came for.');
    // The script was asked for and is still being held: the read did not wait for it.
    expect(held.some((r) => !r.writableEnded)).toBe(true);

    // A tab of the user's own loads the same page's images, fonts and media (this test can fail).
    const user = await b.context.newPage();
    await user.goto(`${server.origin}/heavy?tag=user`, { waitUntil: 'domcontentloaded' });
    await expect
      .poll(
        () =>
          assetHits('user')
            .map((h) => h.split('?')[0])
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(['/asset/font.woff2', '/asset/photo.jpg', '/asset/slow.js']));
    await user.close();
    expect(assetHits('agent')).toEqual(['/asset/slow.js?agent']);
    await sendFromPage(panel, 'router.closeIdleTabs', {});
  });

  it('waits for a page that a script builds after parsing, and reads what the script wrote', async () => {
    const result = await read(`${server.origin}/built`);
    expect(result.ok, result.reason).toBe(true);
    expect(result.markdown).toContain('Text the script wrote after the page was parsed.');
    expect(result.markdown).not.toContain('Loading…');
  });

  it('reads a page too deep for the article extractor as its visible text, and says so', async () => {
    const result = await read(`${server.origin}/deep`);
    expect(result.ok, result.reason).toBe(true);
    expect(result.markdown).toContain('Text at the bottom of a deep page.');
    expect(result.problem).toMatch(/^The page is nested too deeply.*visible text instead\.$/);
  });

  it('reads a page the user already has open only for a site on the sign-ins list', async () => {
    const url = `${server.origin}/pages/${pageName()}/`;
    const userTab = await b.context.newPage();
    await userTab.goto(url);
    // Chrome marks the tab complete a moment after the page's load event.
    await expect
      .poll(() =>
        panel.evaluate(
          async (u) => (await chrome.tabs.query({})).some((t) => t.url === u && t.status === 'complete'),
          url,
        ),
      )
      .toBe(true);
    // Signed out (the default): an agent tab reads it, never the user's signed-in tab.
    const signedOut = await read(url);
    expect(signedOut.via).toBe('new-tab');
    expect(signedOut.ok).toBe(true);
    const before = await tabCount();
    const result = await read(url, devPolicy, 10_000, false);
    expect(result.via).toBe('open-tab');
    expect(result.ok).toBe(true);
    expect(await tabCount()).toBe(before);
    expect(userTab.url()).toBe(url);
    await userTab.close();
  });

  it('reads signed out: the agent tab sends no cookies unless the user opts in for the site', async () => {
    const user = await b.context.newPage();
    await user.goto(`${server.origin}/account`);
    await user.reload();
    await user.close();
    expect(cookieSeen.at(-1)).toContain('session=secret-123');
    const read = (signedOut: boolean) =>
      sendFromPage(panel, 'router.readTab', {
        url: `${server.origin}/account?signedOut=${signedOut}`,
        timeoutMs: 10_000,
        signedOut,
        policy: devPolicy,
      });
    expect((await read(true)).ok).toBe(true);
    expect(cookieSeen.at(-1)).toBe('');
    expect((await read(false)).ok).toBe(true);
    expect(cookieSeen.at(-1)).toContain('session=secret-123');
  });

  it('Chrome accepts every private-address rule the agent tabs get (RE2, under its size limit)', async () => {
    const patterns = [
      ...blockedAddressPatterns({ allowLoopback: false }),
      ...blockedAddressPatterns({ allowLoopback: true }),
    ];
    const refused = await panel.evaluate(async (list) => {
      const out: string[] = [];
      for (const regex of list) {
        const r = await chrome.declarativeNetRequest.isRegexSupported({ regex, isCaseSensitive: false });
        if (!r.isSupported) out.push(`${regex}: ${r.reason}`);
      }
      return out;
    }, patterns);
    expect(refused).toEqual([]);
  });

  it('refuses a redirect to a private address', async () => {
    const result = await read(`${server.origin}/redirect-private`);
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/10\.0\.0\.1/);
    expect(result.markdown).toBe('');
  });

  it('returns what arrived when a page never finishes loading', async () => {
    const result = await read(`${server.origin}/never`, devPolicy, 4000);
    expect(result.ok).toBe(true);
    expect(result.partial).toBe(true);
    expect(result.markdown).toContain('arrived before the server stalled');
  });

  it('refuses 127.0.0.1 with default settings, saying why', async () => {
    const hitsBefore = server.hits.length;
    const result = await read(`${server.origin}/pages/${pageName()}/`, {
      allowHttp: false,
      allowLoopback: false,
      allow: [],
      deny: [],
    });
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/Refused/);
    expect(server.hits.length).toBe(hitsBefore);
  });
});
