import type { Page } from 'playwright-core';

/** One live event as the offscreen document broadcasts it, with the time the page received it. */
export interface LiveRecord {
  at: number;
  event: {
    type: string;
    sessionId?: string;
    status?: Record<string, unknown>;
    event?: Record<string, unknown>;
  };
}

/**
 * Opens a `sleuth-live` port from an extension page, as the side panel does, and keeps every frame
 * in the page so a test can read them later with `liveEvents`. Events are recorded in the page
 * rather than streamed to Node so none are lost between polls.
 */
export async function listenLive(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __live?: unknown[] };
    w.__live = [];
    const port = chrome.runtime.connect({ name: 'sleuth-live' });
    port.onMessage.addListener((m: { brand?: string; event?: unknown }) => {
      if (m?.brand === 'sleuth/1') w.__live?.push({ at: Date.now(), event: m.event });
    });
  });
}

async function liveEvents(page: Page): Promise<LiveRecord[]> {
  return page.evaluate(() => ((window as unknown as { __live?: unknown[] }).__live ?? []) as never);
}

/** The agent events of one session, in the order they arrived. */
export async function sessionEvents(
  page: Page,
  sessionId: string,
): Promise<{ at: number; event: Record<string, unknown> }[]> {
  const all = await liveEvents(page);
  return all
    .filter((r) => r.event.type === 'session' && r.event.sessionId === sessionId && r.event.event)
    .map((r) => ({ at: r.at, event: r.event.event ?? {} }));
}
