/**
 * The read before issue 13, for the tab-read bench: a new tab per read, opened at the page from an
 * extension page, read at `load` with the built extractor, closed after (it loads images and fonts).
 */
import type { Page } from 'playwright-core';

export interface Timed {
  ms: number;
  ok: boolean;
  chars: number;
  reason?: string;
}

/**
 * The read before issue 13: a new tab, `load`, then the extractor; the tab is closed after. Passed
 * as source text: tsx names the functions of a compiled callback with a helper the page lacks.
 */
export function readAtLoad(panel: Page, url: string, timeoutMs: number): Promise<Timed> {
  return panel.evaluate(`(async () => {
    const url = ${JSON.stringify(url)};
    const t0 = performance.now();
    let tabId;
    try {
      const loaded = new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ${timeoutMs});
        const on = (id, info, t) => {
          if (id !== tabId || info.status !== 'complete' || t.url !== url) return;
          chrome.tabs.onUpdated.removeListener(on);
          clearTimeout(timer);
          resolve(true);
        };
        chrome.tabs.onUpdated.addListener(on);
      });
      // Opened at the page itself (the old reader opened about:blank first to set its network guards;
      // the bench leaves those out: they cost the same before and after).
      tabId = (await chrome.tabs.create({ url, active: false })).id;
      const t = await chrome.tabs.get(tabId);
      const ok = (t.status === 'complete' && t.url === url) || (await loaded);
      await chrome.scripting.executeScript({ target: { tabId }, files: ['content/extract-page.js'] });
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        func: () => globalThis.__sleuthExtract?.()?.markdown.length ?? 0,
      });
      const chars = typeof frame?.result === 'number' ? frame.result : 0;
      return { ms: performance.now() - t0, ok: ok && chars > 0, chars };
    } catch (err) {
      return { ms: performance.now() - t0, ok: false, chars: 0, reason: String(err) };
    } finally {
      if (tabId !== undefined) await chrome.tabs.remove(tabId).catch(() => undefined);
    }
  })()`);
}
