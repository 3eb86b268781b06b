import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';

describe('the panel in Chromium at 200 px', () => {
  let b: ExtensionBrowser;
  beforeAll(async () => {
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('keeps the status, the views and Options in view, and nothing scrolls sideways', async () => {
    const panel = await b.openPage('extension/sidepanel/index.html');
    await panel.setViewportSize({ width: 200, height: 900 });
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    for (const id of ['health', 'open-history', 'open-options']) {
      const box = await panel.getByTestId(id).boundingBox();
      expect(
        box && box.x >= 0 && box.x + box.width <= 200 && box.y + box.height <= 900,
        `${id} ${JSON.stringify(box)}`,
      ).toBe(true);
    }
    expect((await panel.getByTestId('health').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(await panel.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await b.screenshot(panel, 'chromium-panel-200');
  });
});
