import type { ExtractedPage } from '../extract/types';
import type { TabApi } from '../tools/browse/tab-api';
import { addTabGuards, removeTabGuards } from './agent-tab-guards';
import { agentTabIds } from './agent-tab-ids';
import { chrome } from './browser-api';

const GROUP_TITLE = 'Sleuth';
/** Built by vite.content.config.ts; defines globalThis.__sleuthExtract in the tab's isolated world. */
const EXTRACTOR_FILE = 'content/extract-page.js';

const sameUrl = (a: string, b: string) => a.replace(/#.*$/, '') === b.replace(/#.*$/, '');

// One list for the whole context, created on first use (nothing touches chrome.* at import time).
let sharedIds: ReturnType<typeof agentTabIds> | null = null;
const agentTabs = () => {
  sharedIds ??= agentTabIds(chrome.storage.session);
  return sharedIds;
};

async function groupInto(tabId: number): Promise<void> {
  const tab = await chrome.tabs.get(tabId);
  const [existing] = await chrome.tabGroups.query({ title: GROUP_TITLE, windowId: tab.windowId });
  const groupId = await chrome.tabs.group({
    tabIds: [tabId],
    ...(existing ? { groupId: existing.id } : { createProperties: { windowId: tab.windowId } }),
  });
  await chrome.tabGroups.update(groupId, { title: GROUP_TITLE, collapsed: true, color: 'grey' });
}

/**
 * A new tab's initial about:blank load can still be settling when it is sent elsewhere; navigating
 * then sometimes leaves the tab on about:blank (seen in Chromium 156, 6 of 16 repeated reads).
 */
async function blankSettled(tabId: number): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const t = await chrome.tabs.get(tabId);
    if (t.status === 'complete') return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function chromeTabApi(): TabApi {
  return {
    async findLoadedTab(url) {
      const mine = new Set(await agentTabs().list());
      const tabs = await chrome.tabs.query({});
      const t = tabs.find(
        (x) =>
          x.id !== undefined && !mine.has(x.id) && x.status === 'complete' && x.url && sameUrl(x.url, url),
      );
      return t?.id !== undefined && t.url ? { tabId: t.id, url: t.url } : null;
    },
    async openAgentTab(url, opts) {
      // Open blank first so the guards exist before the first request for the page is made.
      const tab = await chrome.tabs.create({ url: 'about:blank', active: false });
      const tabId = tab.id;
      if (tabId === undefined) throw new Error('Chrome did not create a tab.');
      await agentTabs().add(tabId);
      await addTabGuards(tabId, opts);
      await blankSettled(tabId);
      await chrome.tabs.update(tabId, { url });
      // Grouping after the navigation has started: moving a tab that is still settling its blank
      // document into a collapsed group could leave the navigation pending.
      await groupInto(tabId).catch(() => undefined);
      return tabId;
    },
    waitForLoad(tabId, { timeoutMs, signal, onUrl }) {
      return new Promise((resolve, reject) => {
        let lastUrl = '';
        const done = (r: Parameters<typeof resolve>[0] | Error) => {
          clearTimeout(timer);
          chrome.tabs.onUpdated.removeListener(onUpdated);
          chrome.tabs.onRemoved.removeListener(onRemoved);
          signal?.removeEventListener('abort', onAbort);
          if (r instanceof Error) reject(r);
          else resolve(r);
        };
        const onUpdated = (id: number, info: chrome.tabs.OnUpdatedInfo, tab: chrome.tabs.Tab) => {
          if (id !== tabId) return;
          const url = info.url ?? tab.url ?? '';
          if (url && url !== 'about:blank' && url !== lastUrl) {
            lastUrl = url;
            if (!onUrl(url)) return done({ timedOut: false, finalUrl: url, refusedUrl: url });
          }
          // The blank placeholder can report 'complete' after the real navigation started: ignore it.
          if (info.status === 'complete' && tab.url && tab.url !== 'about:blank') {
            done({ timedOut: false, finalUrl: tab.url });
          }
        };
        const onRemoved = (id: number) => {
          if (id === tabId) done(new Error('The tab was closed before the page finished loading.'));
        };
        const onAbort = () => done(new DOMException('Reading was cancelled.', 'AbortError'));
        const timer = setTimeout(() => done({ timedOut: true, finalUrl: lastUrl }), timeoutMs);
        chrome.tabs.onUpdated.addListener(onUpdated);
        chrome.tabs.onRemoved.addListener(onRemoved);
        signal?.addEventListener('abort', onAbort);
        // The page may have loaded before these listeners existed: look at the tab as it is now.
        chrome.tabs.get(tabId).then(
          (tab) => onUpdated(tabId, { status: tab.status as chrome.tabs.OnUpdatedInfo['status'] }, tab),
          () => onRemoved(tabId),
        );
      });
    },
    async extract(tabId, { partial }) {
      const target = { tabId };
      await chrome.scripting.executeScript({ target, files: [EXTRACTOR_FILE], injectImmediately: partial });
      const [frame] = await chrome.scripting.executeScript({
        target,
        injectImmediately: partial,
        func: () => {
          const g = globalThis as unknown as { __sleuthExtract?: () => unknown };
          return { page: g.__sleuthExtract?.() ?? null, contentType: document.contentType };
        },
      });
      const r = frame?.result as { page: ExtractedPage | null; contentType: string } | undefined;
      if (!r?.page) throw new Error('The page content could not be extracted.');
      return { ...r.page, contentType: r.contentType };
    },
    async closeAgentTab(tabId) {
      await agentTabs().remove([tabId]);
      await removeTabGuards(tabId).catch(() => undefined);
      await chrome.tabs.remove(tabId).catch(() => undefined);
    },
  };
}

/** Tabs the agent opened before the service worker or browser stopped are closed at start-up. */
export async function closeOrphanAgentTabs(): Promise<number> {
  const ids = await agentTabs().list();
  await Promise.all(ids.map((id) => chrome.tabs.remove(id).catch(() => undefined)));
  await Promise.all(ids.map((id) => removeTabGuards(id).catch(() => undefined)));
  // A read that started meanwhile keeps its tab: only the ids seen above are forgotten.
  await agentTabs().remove(ids);
  return ids.length;
}
