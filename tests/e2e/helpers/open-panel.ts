import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from './browser';
import { writeSettings } from './extension-db';

/**
 * Opens the side panel page in a tab at the side panel's usual 400×900 and waits until the engine
 * host answers. With `settings`, writes them (as Save in Options would) and reloads, so the panel
 * starts from them.
 */
export async function openPanel(
  b: ExtensionBrowser,
  settings?: Parameters<typeof writeSettings>[1],
): Promise<Page> {
  const panel = await b.openPage('extension/sidepanel/index.html');
  await panel.setViewportSize({ width: 400, height: 900 });
  await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
  if (settings) {
    await writeSettings(panel, settings);
    await panel.reload();
  }
  return panel;
}
