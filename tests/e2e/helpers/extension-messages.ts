import type { Page } from 'playwright-core';

/**
 * Sends one message of the extension's protocol from an extension page, exactly as the side panel
 * or offscreen document would, and returns the response envelope.
 */
export async function sendFromPage(
  page: Page,
  target: 'background' | 'offscreen',
  type: string,
  payload: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> {
  return page.evaluate(
    async ({ target, type, payload }) =>
      chrome.runtime.sendMessage({ brand: 'sleuth/1', id: crypto.randomUUID(), target, type, payload }),
    { target, type, payload },
  );
}

/** Starts a research run from an extension page, as the panel's Start button does; returns its id. */
export async function startResearch(page: Page, question: string): Promise<string> {
  const r = await sendFromPage(page, 'offscreen', 'offscreen.researchStart', { question, origin: 'ask' });
  if (!r.ok) throw new Error(`research did not start: ${r.error?.message}`);
  return (r.value as { sessionId: string }).sessionId;
}
