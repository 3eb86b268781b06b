import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirefoxExtension, launchFirefoxWithExtension, waitForState } from './helpers/firefox';

/** Where an element lies, and whether it lies inside the viewport (it may be cut by nothing). */
const placeOf = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const across = r.width > 0 && r.left >= 0 && r.right <= innerWidth;
    const inside = across && r.top >= 0 && r.bottom <= innerHeight;
    return {
      left: Math.round(r.left),
      right: Math.round(r.right),
      width: Math.round(r.width),
      across,
      inside,
    };
  }, selector);

describe("Firefox's sidebar at its default width", () => {
  let ff: FirefoxExtension;
  let panel: Page;

  beforeAll(async () => {
    ff = await launchFirefoxWithExtension();
    panel = await ff.panel();
    await waitForState(panel, 'status-offscreen', 'ok');
  });
  afterAll(async () => {
    await ff?.close();
  });

  // At ~230 px the one-line header ran off the edge: the status and Options were gone.
  for (const width of [230, 200]) {
    it(`at ${width} px shows the status, the views and Options in view, nothing off the side`, async () => {
      await panel.setViewport({ width, height: 900 });
      await expect.poll(() => placeOf(panel, '[data-testid=health]')).toMatchObject({ inside: true });
      await ff.screenshot(panel, `firefox-panel-${width}`);
      const health = await placeOf(panel, '[data-testid=health]');
      // The dot and some of its label, not a sliver.
      expect(health?.width).toBeGreaterThanOrEqual(24);
      expect(await placeOf(panel, '[data-testid=open-options]')).toMatchObject({ inside: true });
      expect(await placeOf(panel, '[data-testid=open-history]')).toMatchObject({ inside: true });
      // The first-run guide stands above the question on a fresh profile: the box and Research
      // may lie lower down, but never cut at the side.
      expect(await placeOf(panel, '[data-testid=question]')).toMatchObject({ across: true });
      expect(await placeOf(panel, '[data-testid=start]')).toMatchObject({ across: true });
      // Nothing wider than the sidebar: no sideways scrolling.
      expect(await panel.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    });
  }
});
