import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREFOX_MIN_VERSION, GECKO_ID } from '../../scripts/lib/firefox-manifest';
import { repoRoot } from '../e2e/helpers/paths';
import {
  distFirefoxDir,
  type FirefoxExtension,
  launchFirefoxWithExtension,
  sendFromPage,
  testIdAttr,
  testIdText,
} from './helpers/firefox';

const chromeManifest = JSON.parse(readFileSync(path.join(repoRoot, 'manifest.json'), 'utf8'));
const firefoxManifest = () => JSON.parse(readFileSync(path.join(distFirefoxDir, 'manifest.json'), 'utf8'));

describe('foundation: the Firefox build in real Firefox', () => {
  let ff: FirefoxExtension;
  let panel: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ff = await launchFirefoxWithExtension();
    panel = await ff.panel();
    panel.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    panel.on('pageerror', (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('builds a Firefox manifest: event-page background, the panel as sidebar, a gecko id, the same CSP', () => {
    const m = firefoxManifest();
    expect(m.manifest_version).toBe(3);
    expect(m.background.scripts).toHaveLength(1);
    expect(m.background.service_worker).toBeUndefined();
    expect(m.sidebar_action.default_panel).toBe(chromeManifest.side_panel.default_path);
    expect(m.browser_specific_settings.gecko).toMatchObject({
      id: GECKO_ID,
      strict_min_version: FIREFOX_MIN_VERSION,
    });
    expect(m.content_security_policy).toEqual(chromeManifest.content_security_policy);
    expect(m.options_ui).toEqual(chromeManifest.options_ui);
    expect(Object.keys(m.commands).sort()).toEqual(['_execute_sidebar_action', 'research-page']);
    expect(m.permissions).toContain('contextMenus');
    expect(m.permissions).not.toContain('offscreen');
    expect(m.optional_host_permissions).toEqual(['<all_urls>']);
  });

  it('passes web-ext lint with no errors', async () => {
    const bin = path.join(repoRoot, 'node_modules/.bin/web-ext');
    const { stdout } = await promisify(execFile)(
      bin,
      ['lint', '-s', distFirefoxDir, '-o', 'json', '--no-input'],
      {
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
    const report = JSON.parse(stdout) as { errors: { code: string; file?: string; message: string }[] };
    expect(report.errors).toEqual([]);
  });

  it('shows a live status line: the background page hosts the router and the engine rooms', async () => {
    await expect.poll(() => testIdAttr(panel, 'status-worker', 'data-state'), { timeout: 20_000 }).toBe('ok');
    await expect
      .poll(() => testIdAttr(panel, 'status-offscreen', 'data-state'), { timeout: 20_000 })
      .toBe('ok');
    expect(await testIdText(panel, 'status-engine')).toContain('not loaded');
    // Both rooms answer from the same page: one start time.
    const router = await sendFromPage(panel, 'router.ping', {});
    const engine = await sendFromPage(panel, 'engine.ping', {});
    expect(router.ok && engine.ok).toBe(true);
    // No WebGPU in headless Firefox on Linux: the probe says so in words.
    const probe = await sendFromPage(panel, 'engine.probe', {});
    expect(JSON.stringify(probe.value)).toMatch(/WebGPU/);
    await ff.screenshot(panel, 'firefox-panel');
    expect(errors).toEqual([]);
  });

  describe('Simplified Chinese', () => {
    it('shows the panel in Chinese when Firefox runs in Chinese', async () => {
      // Needs Firefox's zh-CN language pack (Debian: firefox-esr-l10n-zh-cn; .ci/run installs it).
      const zh = await launchFirefoxWithExtension({ prefs: { 'intl.locale.requested': 'zh-CN' } });
      try {
        const page = await zh.panel();
        await expect.poll(() => testIdText(page, 'status-worker'), { timeout: 20_000 }).toContain('后台服务');
        await expect
          .poll(() => testIdAttr(page, 'status-offscreen', 'data-state'), { timeout: 20_000 })
          .toBe('ok');
        expect(
          await page.evaluate(() => document.querySelector('textarea')?.getAttribute('placeholder')),
        ).toMatch(/[\u4e00-\u9fff]/);
        await zh.screenshot(page, 'firefox-panel-zh');
      } finally {
        await zh.close();
      }
    });
  });
});
