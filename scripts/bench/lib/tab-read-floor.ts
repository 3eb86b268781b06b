/**
 * The browser's own floor for reading a page in a tab (issue 29 item 8): a plain tab of the user's
 * window navigated to the page, timed to DOMContentLoaded, plus `document.body.innerText`. No agent
 * tab, no settle wait, no extraction: what any extension pays to get a page's text through a tab.
 * Driven from the side panel page with the extension's own APIs, so it is timed on the same clock as
 * `router.readTab`. One tab is reused across reads, as Sleuth reuses its agent tab.
 */
import type { Page } from 'playwright-core';
import type { Timed } from './tab-read-before';

export async function bareNavigation(panel: Page, url: string, timeoutMs: number): Promise<Timed> {
  // tsx compiles the callback below with keepNames, which calls a `__name` helper the page lacks.
  await panel.evaluate('globalThis.__name ??= (f) => f');
  return panel.evaluate(
    async ({ url, timeoutMs }) => {
      const g = globalThis as unknown as { __floorTab?: number };
      g.__floorTab ??= (await chrome.tabs.create({ url: 'about:blank', active: false })).id;
      const tabId = g.__floorTab;
      if (tabId === undefined) return { ms: 0, ok: false, chars: 0, reason: 'no tab' };
      const t0 = performance.now();
      const loaded = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), timeoutMs);
        const onLoaded = (d: chrome.webNavigation.WebNavigationFramedCallbackDetails) => {
          if (d.tabId === tabId && d.frameId === 0 && d.url.startsWith(url)) done(true);
        };
        const done = (ok: boolean) => {
          clearTimeout(timer);
          chrome.webNavigation.onDOMContentLoaded.removeListener(onLoaded);
          resolve(ok);
        };
        chrome.webNavigation.onDOMContentLoaded.addListener(onLoaded);
      });
      await chrome.tabs.update(tabId, { url });
      if (!(await loaded))
        return { ms: performance.now() - t0, ok: false, chars: 0, reason: 'no DOMContentLoaded' };
      const [r] = await chrome.scripting.executeScript({
        target: { tabId },
        // biome-ignore lint/performance/useDomNodeTextContent: the floor is the rendered text, as issue 29 defines it.
        func: () => document.body?.innerText.length ?? 0,
      });
      return { ms: performance.now() - t0, ok: true, chars: Number(r?.result ?? 0) };
    },
    { url, timeoutMs },
  );
}
