/**
 * Headless Chromium with a private copy of the e2e build loaded. Other work on this machine may
 * rebuild dist/ while a bench runs; a snapshot taken once keeps the code under test fixed.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../tests/e2e/helpers/browser';
import { chromePath, distDir } from '../../../tests/e2e/helpers/paths';

export interface BenchBrowser {
  context: BrowserContext;
  extensionId: string;
  openPage(relPath: string): Promise<Page>;
  close(): Promise<void>;
}

let snapshot: string | null = null;

/** Copies dist/ once per process; later launches reuse the same copy. */
export function distSnapshot(): string {
  if (snapshot) return snapshot;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-bench-dist-'));
  cpSync(distDir, dir, { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  snapshot = dir;
  return dir;
}

export async function launchBench(): Promise<BenchBrowser> {
  const ext = distSnapshot();
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${ext}`, `--load-extension=${ext}`],
    // Playwright passes --disable-extensions by default, which would stop ours from loading.
    ignoreDefaultArgs: ['--disable-extensions'],
    viewport: { width: 420, height: 860 },
  });
  const sw =
    context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
    (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(sw.url()).host;
  return {
    context,
    extensionId,
    async openPage(relPath) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${relPath}`);
      return page;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium's version string, e.g. "156.0.8078.108", from a short headless launch. */
export async function chromiumVersion(): Promise<string> {
  const browser = await chromium.launch({
    executablePath: chromePath(),
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}
