/**
 * Sends an agent tab to a page and reads it as soon as it has settled. The extractor is injected
 * into the new document once it is parsed (webNavigation tells which document that is, so a reused
 * tab's previous page is never read by mistake) and waits there for the page to be quiet, or
 * loaded, whichever comes first (see src/tools/browse/in-tab/page-settle.ts); images, fonts,
 * media and trackers are not loaded at all in agent tabs (agent-tab-resources.ts).
 */
import type { ExtractedPage } from '../../extract/types';
import type { TabLoad } from '../../tools/browse/tabs/tab-api';
import { chrome } from '../browser-api';
import { watchServerIps } from '../server-ip-watch';

/** Built by vite.content.config.ts; defines the extractor's globals in the tab's isolated world. */
export const EXTRACTOR_FILE = 'content/extract-page.js';

/** `httpStatus`: the status the document came with (Chrome 109+), so an error page is not read as the page. */
export type PageRead = ExtractedPage & { contentType?: string; httpStatus?: number };

type InPageRead = { page: ExtractedPage | null; contentType: string; httpStatus: number };

const fromPage = (r: InPageRead): PageRead => ({
  ...(r.page as ExtractedPage),
  contentType: r.contentType,
  ...(r.httpStatus ? { httpStatus: r.httpStatus } : {}),
});

type Target = { tabId: number; documentIds: string[] } | { tabId: number; frameIds: number[] };

/**
 * At commit, before the page is parsed: a DOM change watcher so small it does not slow parsing
 * (the extractor bundle did), which tells the settle wait how long the page has already been
 * quiet when the extractor arrives after parsing.
 */
function watchChanges(target: Target): void {
  chrome.scripting
    .executeScript({
      target,
      injectImmediately: true,
      func: () => {
        const g = globalThis as unknown as { __sleuthLastChange?: number };
        if (g.__sleuthLastChange !== undefined) return;
        g.__sleuthLastChange = performance.now();
        new MutationObserver(() => {
          g.__sleuthLastChange = performance.now();
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
    })
    // Without it the settle wait counts its quiet spell from its own start, as before.
    .catch(() => undefined);
}

/** Waits in the document for it to settle, then extracts it; null when the extractor is missing. */
async function settleAndExtract(target: Target): Promise<PageRead | null> {
  await chrome.scripting.executeScript({ target, files: [EXTRACTOR_FILE], injectImmediately: true });
  const [frame] = await chrome.scripting.executeScript({
    target,
    injectImmediately: true,
    func: async () => {
      const g = globalThis as unknown as {
        __sleuthSettled?: () => Promise<unknown>;
        __sleuthExtract?: () => unknown;
      };
      await g.__sleuthSettled?.();
      const nav = performance.getEntriesByType('navigation')[0] as { responseStatus?: number } | undefined;
      return {
        page: g.__sleuthExtract?.() ?? null,
        contentType: document.contentType,
        httpStatus: nav?.responseStatus ?? 0,
      };
    },
  });
  const r = frame?.result as InPageRead | undefined;
  return r?.page ? fromPage(r) : null;
}

export interface LoadOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  onUrl: (url: string) => boolean;
  onServerIp?: (ip: string | undefined) => string | undefined;
  /** Called once the navigation has been started (new tabs are grouped then). */
  afterStart?: () => Promise<void>;
}

type LoadResult = TabLoad & { page?: PageRead };

/**
 * The tab's events during one read: `judge` sees each URL the tab moves to (false ends the read,
 * refused), the parsed page is read once settled, and errors and the tab closing end the read.
 */
function tabListeners(
  tabId: number,
  judge: (u: string) => boolean,
  done: (r: LoadResult) => void,
  lastUrl: () => string,
) {
  let commits = 0;
  // Server redirects show up as the tab's URL changing before anything commits.
  const onUpdated = (id: number, info: chrome.tabs.OnUpdatedInfo) => {
    if (id === tabId && info.url) judge(info.url);
  };
  // The policy looks at each committed URL; the extractor goes in once the document is parsed.
  // Injecting it at commit instead made parsing itself slower (the bundle compiles on the page's
  // main thread while it parses): commit → DOMContentLoaded took about twice as long. Only the
  // change watcher goes in at commit.
  const onCommitted = (d: chrome.webNavigation.WebNavigationTransitionCallbackDetails) => {
    if (d.tabId !== tabId || d.frameId !== 0 || d.url === 'about:blank') return;
    if (judge(d.url))
      watchChanges(d.documentId ? { tabId, documentIds: [d.documentId] } : { tabId, frameIds: [0] });
  };
  const onParsed = (d: chrome.webNavigation.WebNavigationFramedCallbackDetails) => {
    if (d.tabId !== tabId || d.frameId !== 0 || d.url === 'about:blank' || !judge(d.url)) return;
    // A page that sends itself elsewhere (script or meta refresh) is parsed again: the latest wins.
    const mine = ++commits;
    const target: Target = d.documentId ? { tabId, documentIds: [d.documentId] } : { tabId, frameIds: [0] };
    settleAndExtract(target).then(
      (page) => {
        if (mine === commits) done({ timedOut: false, finalUrl: d.url, ...(page ? { page } : {}) });
      },
      // The document went away before it settled (it navigated on): its successor is parsed next.
      // Pages Chrome does not let extensions script (its PDF viewer, error pages) end at the timeout.
      () => undefined,
    );
  };
  const onError = (d: chrome.webNavigation.WebNavigationFramedErrorCallbackDetails) => {
    // The blank page a reused tab waited on, cut short by this read's own navigation, is no error.
    if (d.tabId !== tabId || d.frameId !== 0 || d.url === 'about:blank') return;
    done({ timedOut: false, finalUrl: d.url, errorPage: true });
  };
  const onRemoved = (id: number) => {
    if (id === tabId) done({ timedOut: false, finalUrl: lastUrl(), closed: true });
  };
  return {
    add() {
      chrome.tabs.onUpdated.addListener(onUpdated);
      chrome.tabs.onRemoved.addListener(onRemoved);
      chrome.webNavigation.onCommitted.addListener(onCommitted);
      chrome.webNavigation.onDOMContentLoaded.addListener(onParsed);
      chrome.webNavigation.onErrorOccurred.addListener(onError);
    },
    remove() {
      chrome.tabs.onUpdated.removeListener(onUpdated);
      chrome.tabs.onRemoved.removeListener(onRemoved);
      chrome.webNavigation.onCommitted.removeListener(onCommitted);
      chrome.webNavigation.onDOMContentLoaded.removeListener(onParsed);
      chrome.webNavigation.onErrorOccurred.removeListener(onError);
    },
  };
}

/** Navigates `tabId` to `url`; resolves with the page read once settled, or why there is none. */
export function loadAndRead(
  tabId: number,
  url: string,
  { timeoutMs, signal, onUrl, onServerIp, afterStart }: LoadOptions,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let lastUrl = '';
    let finished = false;
    const done = (r: LoadResult | Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      unwatch();
      listeners.remove();
      signal?.removeEventListener('abort', onAbort);
      if (r instanceof Error) reject(r);
      else resolve(r);
    };
    /** False (and the read ends, refused) when the policy refuses a URL the tab is moving to. */
    const judge = (u: string): boolean => {
      if (!u || u === 'about:blank' || u === lastUrl) return true;
      lastUrl = u;
      if (onUrl(u)) return true;
      done({ timedOut: false, finalUrl: u, refusedUrl: u });
      return false;
    };
    const listeners = tabListeners(tabId, judge, done, () => lastUrl);
    const onAbort = () => done(new DOMException('Reading was cancelled.', 'AbortError'));
    const timer = setTimeout(() => done({ timedOut: true, finalUrl: lastUrl }), timeoutMs);
    // A public name that resolved to a private address: nothing of the page is read.
    const unwatch = onServerIp
      ? watchServerIps(tabId, onServerIp, (u, reason) =>
          done({ timedOut: false, finalUrl: u, refusedUrl: u, refusedReason: reason }),
        )
      : () => undefined;
    listeners.add();
    signal?.addEventListener('abort', onAbort);
    if (signal?.aborted) return onAbort();
    chrome.tabs
      .update(tabId, { url })
      .then(() => afterStart?.())
      .catch((err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
  });
}

/** Reads the tab's current document now (a page the user has open, or one that did not settle). */
export async function extractNow(tabId: number, partial: boolean): Promise<PageRead> {
  const target = { tabId };
  const run = () =>
    chrome.scripting.executeScript({
      target,
      injectImmediately: partial,
      func: () => {
        const g = globalThis as unknown as { __sleuthExtract?: () => unknown };
        const nav = performance.getEntriesByType('navigation')[0] as { responseStatus?: number } | undefined;
        return g.__sleuthExtract
          ? {
              page: g.__sleuthExtract() ?? null,
              contentType: document.contentType,
              httpStatus: nav?.responseStatus ?? 0,
            }
          : null;
      },
    });
  let [frame] = await run();
  if (frame?.result === null) {
    await chrome.scripting.executeScript({ target, files: [EXTRACTOR_FILE], injectImmediately: partial });
    [frame] = await run();
  }
  const r = frame?.result as InPageRead | null | undefined;
  if (!r?.page) throw new Error('The page content could not be extracted.');
  return fromPage(r);
}
