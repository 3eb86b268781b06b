import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { type ExtensionBrowser, launchWithExtension } from '../../e2e/helpers/browser';
import { writeSettings } from '../../e2e/helpers/extension-db';
import { distDir } from '../../e2e/helpers/paths';
import type { World } from '../world/world';

/**
 * The e2e build, with access to all sites granted the way a user grants it before the first run
 * (the manifest's optional `<all_urls>` made a host permission: headless Chromium cannot click the
 * prompt). Copied so dist/ stays the e2e build.
 */
export function extensionWithAllSites(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-robustness-ext-'));
  cpSync(distDir, dir, { recursive: true });
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  manifest.host_permissions = ['<all_urls>'];
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface SuiteBrowserOptions {
  extensionDir: string;
  rules: string;
  userDataDir?: string;
}

export async function launchSuiteBrowser(o: SuiteBrowserOptions): Promise<ExtensionBrowser> {
  const b = await launchWithExtension({
    extensionDir: o.extensionDir,
    ...(o.userDataDir ? { userDataDir: o.userDataDir } : {}),
    extraArgs: [`--host-resolver-rules=${o.rules}`, '--ignore-certificate-errors'],
  });
  // Playwright dismisses every dialog no one listens for; a user's browser leaves it open until
  // someone clicks. A listener that does nothing keeps alert(), confirm() and prompt() pending.
  b.context.on('dialog', () => undefined);
  return b;
}

/** Settings of every suite run: the world's model and search server, http allowed (so the private
 * address gates are what is tested, not the https rule), 127.0.0.1 allowed for the fixtures. */
export function suiteSettings(world: World, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    engine: 'openai',
    openaiBaseUrl: world.model.url,
    openaiModel: 'obeying',
    openaiFirstByteTimeoutMs: 10_000,
    searchProviders: [{ id: 'searxng', enabled: true, baseUrl: world.searchBase }],
    allowHttp: true,
    allowLoopback: true,
    thoroughness: 'deep',
    stepLimit: 200,
    // Large enough that nothing is folded away: the obeying model must see all it was given.
    contextWindow: 65_536,
    pageTimeoutMs: 8000,
    maxTabs: 3,
    exportTrail: true,
    ...extra,
  };
}

/** The side panel page (as a tab), once its engine host answers, with the suite's settings saved. */
export async function openPanel(b: ExtensionBrowser, settings: Record<string, unknown>): Promise<Page> {
  const panel = await b.openPage('extension/sidepanel/index.html');
  await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
  await writeSettings(panel, settings);
  return panel;
}
