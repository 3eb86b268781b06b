// The router room (tabs, the user's current page) and the browser-level listeners that go with it
// (context menus, the research-this-page command). Chrome's service worker and Firefox's background
// page both host it; listeners are registered synchronously so the browser can wake the context for them.

import { createRouterHandlers } from '../../src/hosts/router-handlers';
import type { HandlerTable } from '../../src/messaging/handlers';
import { readActiveTab } from '../../src/platform/active-tab';
import {
  chromeTabApi,
  closeOrphanAgentTabs,
  type TabApiOptions,
} from '../../src/platform/agent-tabs/browser-tabs';
import { fetchChecked } from '../../src/platform/checked-fetch';
import { createContextMenus, onCommand, onMenuChoice } from '../../src/platform/context-menus';
import { offerIntent } from '../../src/platform/intents';
import { onInstalled } from '../../src/platform/lifecycle';
import { extensionVersion } from '../../src/platform/runtime';
import { watchExtensionFetches } from '../../src/platform/server-ip-watch';
import { readTabPage } from '../../src/platform/tab-page';
import { researchThisPage } from '../../src/router/research-this-page';
import { readThroughTab } from '../../src/tools/browse/tabs/tab-reader';

export interface RouterRoomOptions {
  /** Starts the context hosting the engine rooms when it is elsewhere; true when it did. */
  ensureEngineHost(): Promise<boolean>;
  /** Opens Sleuth's panel; called first thing inside the user's gesture. */
  openPanel(windowId: number): Promise<void>;
  /** More set-up on install and update, after the context menus. */
  onInstall?: () => void;
  /** How agent tabs are emptied between reads (src/platform/agent-tabs/browser-tabs.ts). */
  tabs?: TabApiOptions;
}

export function hostRouterRoom(o: RouterRoomOptions): HandlerTable {
  const tabs = chromeTabApi(o.tabs);
  watchExtensionFetches();
  const research = researchThisPage({
    openPanel: o.openPanel,
    readPage: (tabId, selection) => readTabPage(tabs, tabId, selection),
    offer: offerIntent,
  });
  onMenuChoice((c) => void research(c));
  onCommand('research-page', (t) => void research({ kind: 'page', ...t }));
  // Test seam of the e2e build only: headless tests cannot click a context menu, so they call what it calls.
  if (import.meta.env.MODE === 'e2e') Object.assign(globalThis, { __sleuthResearchThisPage: research });

  onInstalled(() => {
    void createContextMenus();
    o.onInstall?.();
  });
  // Tabs a previous instance opened for reading died with its listeners; nobody will close them otherwise.
  void closeOrphanAgentTabs().catch(() => undefined);

  return createRouterHandlers({
    startedAt: Date.now(),
    version: extensionVersion(),
    ensureEngineHost: o.ensureEngineHost,
    readTab: (url, opts) => readThroughTab(tabs, url, opts),
    fetchChecked,
    currentPage: () => readActiveTab(tabs),
    closeIdleTabs: () => tabs.closeIdleAgentTabs(),
  });
}
