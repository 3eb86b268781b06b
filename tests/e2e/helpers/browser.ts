import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
    /**
     * Sleuth allowed in Incognito, as a user allows it once on its details page (default true):
     * agent tabs then open in its own incognito window. False: the fetch-only path.
     */
    incognito?: boolean;
  } = {},
): Promise<ExtensionBrowser> {
  const userDataDir = opts.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sleuth-e2e-'));
  allowIncognito(userDataDir, opts.extensionDir ?? distDir, opts.incognito ?? true);
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

/**
 * Chrome keeps "Allow in Incognito" in the profile's Preferences under the extension's id, which
 * for an unpacked extension is derived from its absolute path (SHA-256, first 32 hex digits as
 * a–p). Written before launch, Chrome takes it as the user's choice (checked with
 * chrome.extension.isAllowedIncognitoAccess in Chromium 156; Linux does not sign these prefs).
 */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

function allowIncognito(userDataDir: string, extensionDir: string, allowed: boolean): void {
  const file = path.join(userDataDir, 'Default', 'Preferences');
  mkdirSync(path.dirname(file), { recursive: true });
  type Prefs = { extensions?: { settings?: Record<string, Record<string, unknown>> } };
  const prefs: Prefs = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Prefs) : {};
  const id = unpackedExtensionId(extensionDir);
  const settings = { ...prefs.extensions?.settings };
  settings[id] = { ...settings[id], incognito: allowed };
  prefs.extensions = { ...prefs.extensions, settings };
  writeFileSync(file, JSON.stringify(prefs));
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
