import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectErrors, launchWithExtension } from './helpers/browser';
import { pageAdapter } from './helpers/page-adapter';

describe('options page', () => {
  it('keeps a saved setting across a browser restart with the same profile', async () => {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-profile-'));
    try {
      const first = await launchWithExtension({ userDataDir: profile });
      const page = await first.openPage('extension/options/index.html');
      const errors = collectErrors(page);
      // The GGUF engine lists the DR-Venus files on the model hub; an unreachable hub is named.
      await page.locator('select[name=engine]').selectOption('wllama');
      await page.getByTestId('hub-url').fill('http://127.0.0.1:9');
      await expect
        .poll(
          async () =>
            (await page
              .getByTestId('plan-error')
              .textContent()
              .catch(() => '')) ?? '',
          {
            timeout: 15_000,
          },
        )
        .toContain('Cannot reach the model hub at http://127.0.0.1:9');
      await page.getByTestId('hub-url').fill('https://huggingface.co');
      await page.locator('select[name=engine]').selectOption('web-llm');
      // The WebGPU probe runs in the offscreen document, created on demand for this page; it names
      // the adapter this page sees too (SwiftShader without a GPU, the real one elsewhere).
      const adapter = await pageAdapter(page);
      expect(adapter, 'the launch enables WebGPU, so pages get an adapter').not.toBeNull();
      const gpu = [adapter?.vendor, adapter?.architecture].filter(Boolean).join(' ') || 'unknown GPU';
      await expect
        .poll(() => page.getByTestId('probe-result').textContent(), { timeout: 15_000 })
        .toContain(`WebGPU is available (${gpu})`);
      await page.locator('input[name=stepLimit]').fill('37');
      await page.locator('select[name=thoroughness]').selectOption('deep');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
      expect(errors).toEqual([]);
      await first.close();

      const second = await launchWithExtension({ userDataDir: profile });
      const again = await second.openPage('extension/options/index.html');
      await expect.poll(() => again.locator('input[name=stepLimit]').inputValue()).toBe('37');
      expect(await again.locator('select[name=thoroughness]').inputValue()).toBe('deep');
      await second.screenshot(again, 'options-page');
      await second.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
