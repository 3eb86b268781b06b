import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchFirefoxWithExtension } from './helpers/firefox';

// A temporary add-on is removed when Firefox quits; these prefs keep its storage and UUID, as a
// signed, installed add-on keeps them across restarts.
const KEEP = {
  'extensions.webextensions.keepStorageOnUninstall': true,
  'extensions.webextensions.keepUuidOnUninstall': true,
};

describe('options page in Firefox', () => {
  it('keeps a saved setting across a Firefox restart with the same profile, and says WebGPU is missing', async () => {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-ff-profile-'));
    try {
      const first = await launchFirefoxWithExtension({ profileDir, prefs: KEEP });
      const page = await first.openPage('extension/options/index.html');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      // The probe runs in the background page: headless Firefox on Linux has no WebGPU, and says so
      // on the web-llm engine's panel (the default engine is Auto).
      await page.select('select[name=engine]', 'web-llm');
      await expect
        .poll(
          () => page.evaluate(() => document.querySelector('[data-testid=probe-result]')?.textContent ?? ''),
          {
            timeout: 20_000,
          },
        )
        .toMatch(/WebGPU is not available/);
      await page.locator('input[name=stepLimit]').fill('37');
      await page.select('select[name=thoroughness]', 'deep');
      await page.locator('button[type=submit]').click();
      await expect
        .poll(() => page.evaluate(() => document.querySelector('[data-testid=save-state]')?.textContent))
        .toBe('Saved');
      expect(errors).toEqual([]);
      await first.close();

      const second = await launchFirefoxWithExtension({ profileDir, prefs: KEEP });
      const again = await second.openPage('extension/options/index.html');
      const value = (selector: string) =>
        again.evaluate((s) => (document.querySelector(s) as HTMLInputElement | null)?.value, selector);
      await expect.poll(() => value('input[name=stepLimit]'), { timeout: 20_000 }).toBe('37');
      expect(await value('select[name=thoroughness]')).toBe('deep');
      await second.screenshot(again, 'firefox-options');
      await second.close();
    } finally {
      // Firefox may still be writing its profile for a moment after it quits.
      rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  });
});
