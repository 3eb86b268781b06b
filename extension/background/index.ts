// Service worker: hosts the router room (tabs, the offscreen document, the user's current page) and
// the browser-level listeners. Listeners are registered synchronously at start-up so Chrome can wake
// the worker for them after it has been stopped.
import { composeHandlers } from '../../src/messaging/handlers';
import { serve } from '../../src/messaging/server';
import { readActiveTab } from '../../src/platform/active-tab';
import { createContextMenus, onCommand, onMenuChoice } from '../../src/platform/context-menus';
import { offerIntent } from '../../src/platform/intents';
import { onBrowserStartup, onInstalled } from '../../src/platform/lifecycle';
import { ensureOffscreenDocument } from '../../src/platform/offscreen';
import { extensionVersion, runtimeTransport } from '../../src/platform/runtime';
import { openPanelOnActionClick, openSidePanel } from '../../src/platform/side-panel';
import { chromeTabApi, closeOrphanAgentTabs } from '../../src/platform/tab-api';
import { readTabPage } from '../../src/platform/tab-page';
import { researchThisPage } from '../../src/router/research-this-page';
import { createRouterHandlers } from '../../src/router/router-handlers';
import { readThroughTab } from '../../src/tools/browse/tab-reader';

const tabs = chromeTabApi();

serve(
  runtimeTransport(),
  composeHandlers(
    createRouterHandlers({
      startedAt: Date.now(),
      version: extensionVersion(),
      ensureEngineHost: ensureOffscreenDocument,
      readTab: (url, o) => readThroughTab(tabs, url, o),
      currentPage: () => readActiveTab(tabs),
    }),
  ),
);

const research = researchThisPage({
  openPanel: openSidePanel,
  readPage: (tabId, selection) => readTabPage(tabs, tabId, selection),
  offer: offerIntent,
});
onMenuChoice((c) => void research(c));
onCommand('research-page', (t) => void research({ kind: 'page', ...t }));
// Test seam of the e2e build only: headless tests cannot click a context menu, so they call what it calls.
if (import.meta.env.MODE === 'e2e') Object.assign(globalThis, { __sleuthResearchThisPage: research });

onInstalled(() => {
  void openPanelOnActionClick();
  createContextMenus();
});
onBrowserStartup(() => void openPanelOnActionClick());
// Tabs a previous worker opened for reading died with its listeners; nobody will close them otherwise.
void closeOrphanAgentTabs().catch(() => undefined);
