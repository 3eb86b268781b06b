import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { distDir } from './helpers/paths';

describe('foundation: the built extension in real Chromium', () => {
  let b: ExtensionBrowser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('builds a manifest with the permissions, CSP and side panel the product needs', () => {
    const m = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
    expect(m.manifest_version).toBe(3);
    expect(m.background.type).toBe('module');
    expect(m.side_panel.default_path).toBe('extension/sidepanel/index.html');
    for (const p of ['sidePanel', 'offscreen', 'storage', 'unlimitedStorage', 'tabs', 'scripting']) {
      expect(m.permissions).toContain(p);
    }
    expect(m.optional_host_permissions).toEqual(['<all_urls>']);
    expect(m.content_security_policy.extension_pages).toContain("'wasm-unsafe-eval'");
    expect(m.externally_connectable).toEqual({ ids: [], matches: [] });
  });

  it('shows a live status line: service worker and offscreen document both answer', async () => {
    const page = await b.openPage('extension/sidepanel/index.html');
    const errors = collectErrors(page);
    await expect
      .poll(() => page.getByTestId('status-worker').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('ok');
    await expect
      .poll(() => page.getByTestId('status-offscreen').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('ok');
    await expect(page.getByTestId('status-engine').textContent()).resolves.toContain('not loaded');
    await b.screenshot(page, 'foundation-sidepanel');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps working after the service worker is killed', async () => {
    const page = await b.openPage('extension/sidepanel/index.html');
    await expect
      .poll(() => page.getByTestId('status-worker').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('ok');
    const before = await page.evaluate(async () => {
      const r = await chrome.runtime.sendMessage({
        brand: 'sleuth/1',
        id: 'x1',
        type: 'router.ping',
        payload: {},
      });
      return r.value.startedAt as number;
    });
    await b.killServiceWorker();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('status-worker').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('ok');
    const after = await page.evaluate(async () => {
      const r = await chrome.runtime.sendMessage({
        brand: 'sleuth/1',
        id: 'x2',
        type: 'router.ping',
        payload: {},
      });
      return r.value.startedAt as number;
    });
    // A new worker answered: it was really restarted, and the panel did not notice.
    expect(after).toBeGreaterThan(before);
    await page.close();
  });

  describe('Simplified Chinese', () => {
    it('shows the panel in Chinese when the browser runs in Chinese', async () => {
      const zh = await launchWithExtension({ locale: 'zh-CN' });
      try {
        const page = await zh.openPage('extension/sidepanel/index.html');
        await expect.poll(() => page.getByTestId('status-worker').textContent()).toContain('后台服务');
        expect(await page.getByTestId('open-options').textContent()).toBe('设置');
        await zh.screenshot(page, 'sidepanel-zh');
      } finally {
        await zh.close();
      }
    });
  });
});
