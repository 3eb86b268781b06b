/**
 * Headless Chromium with a private copy of the e2e build loaded. Other work on this machine may
 * rebuild dist/ while a bench runs; a snapshot taken once keeps the code under test fixed.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { type ExtensionBrowser, launchWithExtension } from '../../../tests/e2e/helpers/browser';
import { chromePath, distDir } from '../../../tests/e2e/helpers/paths';

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

export type BenchBrowser = ExtensionBrowser;

/** The e2e launcher, pointed at the snapshot instead of dist/. */
export function launchBench(extraArgs: readonly string[] = []): Promise<BenchBrowser> {
  return launchWithExtension({ extensionDir: distSnapshot(), extraArgs });
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
