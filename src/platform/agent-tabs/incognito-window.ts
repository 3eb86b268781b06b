/**
 * Chrome: signed-out agent tabs live in an incognito window Sleuth opens, minimised and unfocused
 * (the nearest to hidden an extension may make a window), closed once its last agent tab is.
 *
 * The manifest says `"incognito": "spanning"`, deliberately. Spanning: one service worker, one
 * offscreen document and one set of declarativeNetRequest session rules serve normal and incognito
 * windows alike, so the worker that runs a read can open the incognito tab, script it, watch its
 * navigation and server addresses, and point its per-tab rules (tab ids are global) at it. "split"
 * would start a second worker and offscreen document inside the incognito profile, with their own
 * storage and rules: the runner in the normal worker could not drive the incognito tabs at all, and
 * a second engine host would load the model twice.
 *
 * Chrome has one incognito profile, so these tabs share cookies and storage with the user's own
 * incognito windows while both are open (never with their normal profile); it is emptied when the
 * last incognito window closes.
 */
import { IsolationUnavailable } from '../../tools/browse/tabs/isolation';
import { chrome } from '../browser-api';
import type { AgentPartition } from './partition';
import { webRtcOffInIncognito } from './webrtc-off';

export function incognitoWindow(): AgentPartition {
  let windowId: number | null = null;
  // Reads start several at once: the first opens the window, the others wait for it.
  let opening: Promise<{ windowId: number; firstTab?: number }> | null = null;
  // The window's first tab is handed out once: whoever awaited the same opening takes a new tab.
  const handedOut = new Set<number>();
  const claim = (tabId: number) => !handedOut.has(tabId) && Boolean(handedOut.add(tabId));

  const alive = async (id: number) =>
    chrome.windows.get(id).then(
      (w) => w.incognito,
      () => false,
    );

  const openWindow = async (): Promise<{ windowId: number; firstTab?: number }> => {
    if (!(await chrome.extension.isAllowedIncognitoAccess()))
      throw new IsolationUnavailable('needs-incognito');
    const w = await chrome.windows
      .create({ incognito: true, focused: false, state: 'minimized', url: 'about:blank' })
      // Incognito turned off by policy, or the platform refuses the window.
      .catch(() => {
        throw new IsolationUnavailable('needs-incognito');
      });
    if (w?.id === undefined || !w.incognito) throw new IsolationUnavailable('needs-incognito');
    windowId = w.id;
    // Only now: Chrome refuses an incognito_session_only setting while no incognito window is open.
    await webRtcOffInIncognito();
    const firstTab = w.tabs?.[0]?.id;
    return firstTab === undefined ? { windowId: w.id } : { windowId: w.id, firstTab };
  };

  return {
    ownWindow: true,
    async openTab() {
      if (windowId !== null && (await alive(windowId))) {
        const tab = await chrome.tabs
          .create({ windowId, url: 'about:blank', active: false })
          .catch(() => null);
        if (tab?.id !== undefined) return tab.id;
        // The window closed meanwhile (its last tab went): open another.
      }
      windowId = null;
      opening ??= openWindow().finally(() => {
        opening = null;
      });
      const { windowId: id, firstTab } = await opening;
      // The window's own first tab is the first agent tab: a window with a spare blank tab would
      // stay open after the run.
      if (firstTab !== undefined && claim(firstTab)) return firstTab;
      const tab = await chrome.tabs.create({ windowId: id, url: 'about:blank', active: false });
      if (tab.id === undefined) throw new Error('Chrome did not create a tab.');
      return tab.id;
    },
    async holds(tabId) {
      const tab = await chrome.tabs.get(tabId).catch(() => null);
      return tab?.incognito === true && tab.windowId === windowId;
    },
    async end() {
      const id = windowId;
      if (id === null) return;
      const tabs = await chrome.tabs.query({ windowId: id }).catch(() => []);
      // Only when nothing is left in it but blank pages: the user may have moved a tab there.
      if (tabs.every((t) => !t.url || t.url === 'about:blank')) {
        windowId = null;
        await chrome.windows.remove(id).catch(() => undefined);
      }
    },
  };
}
