import type { Page } from 'playwright-core';

/**
 * Sends one message of the extension's protocol from an extension page, exactly as the side panel
 * would, and returns the response envelope. The context hosting the message's room answers it.
 */
export async function sendFromPage(
  page: Page,
  type: string,
  payload: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> {
  return page.evaluate(
    async ({ type, payload }) =>
      chrome.runtime.sendMessage({ brand: 'sleuth/1', id: crypto.randomUUID(), type, payload }),
    { type, payload },
  );
}

/** Starts a research run from an extension page, as the panel's Start button does; returns its id. */
export async function startResearch(page: Page, question: string): Promise<string> {
  const r = await sendFromPage(page, 'runner.start', { question, origin: 'ask' });
  if (!r.ok) throw new Error(`research did not start: ${r.error?.message}`);
  return (r.value as { sessionId: string }).sessionId;
}
