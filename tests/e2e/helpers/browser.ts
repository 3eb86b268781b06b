import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { artifactsDir, chromePath, distDir } from './paths';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  userDataDir: string;
  /** Opens an extension page (e.g. 'extension/sidepanel/index.html') in a normal tab. */
  openPage(relPath: string): Promise<Page>;
  serviceWorker(): Promise<Worker>;
  /** Stops the service worker through CDP, as Chrome does when it is idle. */
  killServiceWorker(): Promise<void>;
  /** Closes the offscreen document through CDP, as a crash or Chrome's clean-up would. */
  killOffscreen(): Promise<void>;
  screenshot(page: Page, name: string): Promise<string>;
  close(opts?: { keepProfile?: boolean }): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--enable-unsafe-webgpu',
];

export async function launchWithExtension(
  opts: {
    userDataDir?: string;
    locale?: string;
    extensionDir?: string;
    extraArgs?: readonly string[];
    /** gpu-check can show a window (`--headed`); tests run headless. */
    headless?: boolean;
  } = {},
): Promise<ExtensionBrowser> {
  const userDataDir = opts.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sleuth-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath(),
    headless: opts.headless ?? true,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${opts.extensionDir ?? distDir}`,
      `--load-extension=${opts.extensionDir ?? distDir}`,
      ...(opts.locale ? [`--lang=${opts.locale}`] : []),
      ...(opts.extraArgs ?? []),
    ],
    // Playwright passes --disable-extensions by default, which would stop ours from loading.
    ignoreDefaultArgs: ['--disable-extensions'],
    viewport: { width: 420, height: 860 },
    // chrome.i18n follows the browser's UI language, which Chromium on Linux takes from LANGUAGE.
    ...(opts.locale
      ? { locale: opts.locale, env: { ...process.env, LANGUAGE: opts.locale.replace('-', '_') } }
      : {}),
  });
  const worker = async (): Promise<Worker> => {
    const existing = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    return existing ?? context.waitForEvent('serviceworker', { timeout: 30_000 });
  };
  const closeTarget = async (match: (t: { type: string; url: string }) => boolean) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const session = await context.newCDPSession(page);
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const target = targetInfos.find(
      (t) => t.url.startsWith(`chrome-extension://${extensionId}/`) && match(t),
    );
    if (!target) throw new Error('extension target not found');
    await session.send('Target.closeTarget', { targetId: target.targetId });
    await session.detach();
  };
  const sw = await worker();
  const extensionId = new URL(sw.url()).host;

  return {
    context,
    extensionId,
    userDataDir,
    serviceWorker: worker,
    async openPage(relPath) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${relPath}`);
      return page;
    },
    async killServiceWorker() {
      await closeTarget((t) => t.type === 'service_worker');
    },
    async killOffscreen() {
      await closeTarget((t) => t.url.includes('/extension/offscreen/'));
    },
    async screenshot(page, name) {
      mkdirSync(artifactsDir, { recursive: true });
      const file = path.join(artifactsDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close({ keepProfile = false } = {}) {
      await context.close();
      if (!keepProfile && !opts.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and uncaught exceptions of a page, for "no console errors" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
