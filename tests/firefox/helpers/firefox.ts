import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../../../scripts/lib/firefox-manifest';
import { artifactsDir, repoRoot } from '../../e2e/helpers/paths';

export const distFirefoxDir = path.join(repoRoot, 'dist-firefox');

/** The extension's fixed UUID (pref extensions.webextensions.uuids), so its pages have known URLs. */
export const EXTENSION_UUID = '3f1f6d2e-5b7a-4c1e-9d3b-51e0a7c0ffee';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;
export const PANEL_PATH = 'extension/sidepanel/index.html';

export function firefoxPath(): string {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error(
    'No Firefox found: install Debian firefox-esr (apt-get install -y firefox-esr) or set FIREFOX_PATH.',
  );
}

/** "Mozilla Firefox 153.8.0esr", as the binary reports itself. */
export function firefoxVersion(): string {
  return execFileSync(firefoxPath(), ['--version'], { encoding: 'utf8' }).trim();
}

export interface FirefoxExtension {
  browser: Browser;
  profileDir: string;
  downloadsDir: string;
  /** The panel page the e2e build opens in a tab when it is installed. */
  panel(): Promise<Page>;
  /**
   * Opens an extension page in a new tab, or in a popup window beside the user's tabs as a sidebar
   * sits beside the page (from an extension page: BiDi will not navigate there).
   */
  openPage(relPath: string, opts?: { popup?: boolean }): Promise<Page>;
  /** The next extension page at this path that a test has not seen yet (opened by the page itself). */
  waitForNewPage(relPath: string): Promise<Page>;
  /** Reloads the background page, dropping everything it held in memory, as a crash would. */
  reloadBackground(): Promise<void>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** Sidebar-like width for screenshots. */
const sized = async (page: Page): Promise<Page> => {
  await page.setViewport({ width: 420, height: 860 });
  return page;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function hrefOf(page: Page): Promise<string> {
  // A page that is still being created can take a while to answer: it is simply skipped this round.
  const href = page.evaluate(() => location.href).catch(() => '');
  return Promise.race([href, sleep(2000).then(() => '')]);
}

/**
 * Firefox ESR headless through WebDriver BiDi, with the built extension installed as a temporary
 * add-on. Pages the extension opens itself are driven with page.evaluate and locators.
 */
export async function launchFirefoxWithExtension(
  opts: {
    prefs?: Record<string, string | number | boolean>;
    profileDir?: string;
    extensionDir?: string;
  } = {},
): Promise<FirefoxExtension> {
  const profileDir = opts.profileDir ?? mkdtempSync(path.join(os.tmpdir(), 'sleuth-ff-'));
  const downloadsDir = path.join(profileDir, 'downloads');
  mkdirSync(downloadsDir, { recursive: true });
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    userDataDir: profileDir,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      // Downloads land in the profile without a dialog, so tests can read them.
      'browser.download.folderList': 2,
      'browser.download.dir': downloadsDir,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      ...opts.prefs,
    },
  });
  const known = new Set<Page>();
  const findPage = async (rel: string, fresh: boolean): Promise<Page> => {
    const want = `${EXTENSION_ORIGIN}/${rel}`;
    for (let i = 0; i < 150; i++) {
      for (const p of await browser.pages()) {
        if (fresh && known.has(p)) continue;
        if ((await hrefOf(p)) === want) {
          known.add(p);
          return p;
        }
      }
      await sleep(200);
    }
    throw new Error(`No tab showing ${want} appeared.`);
  };
  await browser.installExtension(opts.extensionDir ?? distFirefoxDir);
  let panelPage: Promise<Page> | null = null;
  const anyExtensionPage = async (): Promise<Page> => {
    // The e2e build opens its panel tab when it is installed; act from it once it is there.
    if (!panelPage) await findPage(PANEL_PATH, false).catch(() => undefined);
    for (const p of await browser.pages()) {
      if ((await hrefOf(p)).startsWith(`${EXTENSION_ORIGIN}/`)) return p;
    }
    throw new Error('No extension page is open to act from.');
  };

  return {
    browser,
    profileDir,
    downloadsDir,
    panel() {
      panelPage ??= findPage(PANEL_PATH, false).then(sized);
      return panelPage;
    },
    async openPage(rel, { popup = false } = {}) {
      const from = await anyExtensionPage();
      await from.evaluate(
        async (url, popup) => {
          if (popup) await chrome.windows.create({ url, type: 'popup', focused: false });
          else await chrome.tabs.create({ url });
        },
        `${EXTENSION_ORIGIN}/${rel}`,
        popup,
      );
      return sized(await findPage(rel, true));
    },
    waitForNewPage: async (rel) => sized(await findPage(rel, true)),
    async reloadBackground() {
      const from = await anyExtensionPage();
      await from.evaluate(async () => {
        const bg = await (
          chrome.runtime as unknown as { getBackgroundPage(): Promise<Window> }
        ).getBackgroundPage();
        bg.location.reload();
      });
    },
    async screenshot(page, name) {
      mkdirSync(artifactsDir, { recursive: true });
      const file = path.join(artifactsDir, `${name}.png`);
      await page.screenshot({ path: file as `${string}.png`, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      if (!opts.profileDir)
        rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Sends one message of the extension's protocol from an extension page, as the panel would. */
export async function sendFromPage(
  page: Page,
  type: string,
  payload: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> {
  return page.evaluate(
    async (type, payload) =>
      chrome.runtime.sendMessage({ brand: 'sleuth/1', id: crypto.randomUUID(), type, payload }),
    type,
    payload,
  );
}

/** The value of an attribute of the element with this data-testid, or null. */
export function testIdAttr(page: Page, testId: string, attr: string): Promise<string | null> {
  return page.evaluate(
    (id, a) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(a) ?? null,
    testId,
    attr,
  );
}

/** The text of the element with this data-testid, or null. */
export function testIdText(page: Page, testId: string): Promise<string | null> {
  return page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null, testId);
}

/** Waits until the element with this data-testid has data-state `state` (usable outside a test, too). */
export async function waitForState(
  page: Page,
  testId: string,
  state: string,
  timeout = 20_000,
): Promise<void> {
  await page.waitForFunction(
    (id, s) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === s,
    { timeout, polling: 100 },
    testId,
    state,
  );
}

/**
 * Reloads an extension page from inside it (BiDi's own reload waits for a navigation event that
 * Firefox does not report for moz-extension:// pages) and waits for the new document's status line.
 */
export async function reloadExtensionPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { __sleuthOld?: boolean }).__sleuthOld = true;
    setTimeout(() => location.reload(), 0);
  });
  await page.waitForFunction(
    () =>
      !(window as { __sleuthOld?: boolean }).__sleuthOld &&
      document.querySelector('[data-testid=status-line]'),
    { timeout: 20_000, polling: 100 },
  );
}
