import type { BrowserContext, Page } from 'playwright-core';

/**
 * The offscreen document as a Playwright page. Chromium reports offscreen documents as
 * `background_page` targets, which Playwright exposes through `backgroundPages()`. Returns null when
 * the document is not open (yet).
 */
export async function offscreenPage(
  context: BrowserContext,
  extensionId: string,
  timeoutMs = 10_000,
): Promise<Page | null> {
  const deadline = Date.now() + timeoutMs;
  const wanted = `chrome-extension://${extensionId}/extension/offscreen/`;
  while (Date.now() < deadline) {
    const found = context.backgroundPages().find((p) => p.url().startsWith(wanted));
    if (found) return found;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return null;
}
