import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifactsDir } from './paths';

/** What the user sees at 400×900 (the viewport only, not the whole scrolled page), light and dark. */
export async function shot(page: Page, name: string): Promise<void> {
  // Nothing wider than the panel (a side-scrolling page at 400 px is a layout bug, not a screenshot).
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `${name}: page width vs window`).toBeLessThanOrEqual(widths[1] ?? 0);
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(artifactsDir, `${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}
