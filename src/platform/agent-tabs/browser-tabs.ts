import type { TabApi } from '../../tools/browse/tabs/tab-api';
import { createTabPool } from '../../tools/browse/tabs/tab-pool';
import { chrome } from '../browser-api';
import { watchForProxy } from '../server-ip-watch';
import { agentContainer } from './agent-container';
import { addTabGuards, removeTabGuards } from './guards';
import { incognitoWindow } from './incognito-window';
import { extractNow, loadAndRead } from './load';
import { type AgentPartition, noPartition, type PartitionKind } from './partition';
import { blockHeavyResources } from './resources';
import { agentTabIds } from './tab-ids';

const GROUP_TITLE = 'Sleuth';

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

/** Idle agent tabs close after this long; the service worker may be stopped after 30 s idle. */
const IDLE_MS = 20_000;

/**
 * One of the user's own (not incognito) windows, for a read with their sign-ins: without a window
 * id Chrome takes the last focused window, which may be the agent's incognito one.
 */
async function userWindow(): Promise<{ windowId?: number }> {
  const all = await chrome.windows.getAll({ windowTypes: ['normal'] }).catch(() => []);
  const mine = all.filter((w) => !w.incognito && w.id !== undefined);
  const pick = mine.find((w) => w.focused) ?? mine[0];
  return pick?.id === undefined ? {} : { windowId: pick.id };
}

/**
 * Opens an unfocused blank agent tab that is ready to be sent to a page: in the agent partition for
 * a signed-out read, else (a site the user listed for sign-ins) in the user's current window.
 */
async function openBlankAgentTab(partition: AgentPartition, signedOut: boolean): Promise<number> {
  // Blank first, so the guards exist before the first request for the page is made.
  const tabId = signedOut
    ? await partition.openTab()
    : (await chrome.tabs.create({ url: 'about:blank', active: false, ...(await userWindow()) })).id;
  if (tabId === undefined) throw new Error('Chrome did not create a tab.');
  await agentTabs().add(tabId);
  await blankSettled(tabId);
  return tabId;
}

/**
 * Asks the page itself to go to about:blank. After a blank the browser navigates to (tabs.update),
 * Chromium 156 put the next read in a new renderer process every time, so the page and the
 * extractor ran cold; a blank the page navigates to keeps the page's process, which the next read
 * of the same site reuses (one process for 20 reads instead of 20; the bench counts them). False
 * when the page cannot be scripted (an error page, a PDF): the browser empties it then.
 */
const blankFromPage = (tabId: number): Promise<boolean> =>
  chrome.scripting
    .executeScript({
      target: { tabId },
      injectImmediately: true,
      func: () => {
        location.replace('about:blank');
      },
    })
    .then(
      () => true,
      () => false,
    );

/** Sends a finished agent tab to about:blank; true once it got there (within 2 s). */
function parkAgentTab(tabId: number, fromPage: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      chrome.webNavigation.onCompleted.removeListener(onCompleted);
      resolve(ok);
    };
    const onCompleted = (d: chrome.webNavigation.WebNavigationFramedCallbackDetails) => {
      if (d.tabId === tabId && d.frameId === 0 && d.url === 'about:blank') finish(true);
    };
    const timer = setTimeout(() => finish(false), 2000);
    chrome.webNavigation.onCompleted.addListener(onCompleted);
    void (fromPage ? blankFromPage(tabId) : Promise.resolve(false)).then((asked) => {
      if (!asked) chrome.tabs.update(tabId, { url: 'about:blank' }).catch(() => finish(false));
    });
  });
}

async function closeAgentTab(tabId: number): Promise<void> {
  await agentTabs().remove([tabId]);
  await removeTabGuards(tabId).catch(() => undefined);
  await chrome.tabs.remove(tabId).catch(() => undefined);
}

export interface TabApiOptions {
  /**
   * Agent tabs are emptied by their page (see blankFromPage) rather than by the browser. Chromium
   * only: in Firefox 153 ESR the next read in a tab emptied that way failed to load.
   */
  parkFromPage?: boolean;
  /** The storage partition signed-out reads get (partition.ts); without one they get no tab. */
  partition?: PartitionKind;
}

const partitionOf = (kind: PartitionKind | undefined): AgentPartition =>
  kind === 'incognito' ? incognitoWindow() : kind === 'container' ? agentContainer() : noPartition;

export function chromeTabApi({ parkFromPage = false, partition: kind }: TabApiOptions = {}): TabApi {
  watchForProxy();
  const partition = partitionOf(kind);
  const pool = createTabPool({
    create: (opts) => openBlankAgentTab(partition, opts.signedOut),
    close: closeAgentTab,
    guard: addTabGuards,
    block: blockHeavyResources,
    alive: (tabId) =>
      chrome.tabs.get(tabId).then(
        () => true,
        () => false,
      ),
    park: (tabId) => parkAgentTab(tabId, parkFromPage),
    idleMs: IDLE_MS,
    maxIdle: 8,
  });
  chrome.tabs.onRemoved.addListener((tabId) => pool.forget(tabId));
  /** Tabs opened for a read and not yet grouped: grouped once their navigation has started. */
  const ungrouped = new Set<number>();

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
    async acquireAgentTab(opts) {
      const { tabId, fresh } = await pool.acquire(opts);
      if (fresh) ungrouped.add(tabId);
      return tabId;
    },
    load(tabId, url, opts) {
      return loadAndRead(tabId, url, {
        ...opts,
        // Grouping after the navigation has started: moving a tab that is still settling its blank
        // document into a collapsed group could leave the navigation pending. Tabs of the agent's
        // own (incognito) window are not grouped: they are not among the user's tabs.
        afterStart: async () => {
          if (ungrouped.delete(tabId) && !(partition.ownWindow && (await partition.holds(tabId))))
            await groupInto(tabId).catch(() => undefined);
        },
      });
    },
    extract: (tabId, { partial }) => extractNow(tabId, partial),
    releaseAgentTab: (tabId, { reusable }) => {
      ungrouped.delete(tabId);
      return pool.release(tabId, { reusable });
    },
    async closeIdleAgentTabs() {
      const closed = await pool.closeIdle();
      // The run is over: with no read left, the agent's window closes (its container is emptied).
      if (pool.size() === 0) await partition.end().catch(() => undefined);
      return closed;
    },
  };
}

/** Tabs the agent opened before the service worker or browser stopped are closed at start-up. */
export async function closeOrphanAgentTabs(): Promise<number> {
  const ids = await agentTabs().list();
  await Promise.all(ids.map((id) => chrome.tabs.remove(id).catch(() => undefined)));
  await Promise.all(ids.map((id) => removeTabGuards(id).catch(() => undefined)));
  // No agent tab is left for the resource rules to cover (they may outlive the worker).
  await blockHeavyResources([]).catch(() => undefined);
  // A read that started meanwhile keeps its tab: only the ids seen above are forgotten.
  await agentTabs().remove(ids);
  return ids.length;
}
