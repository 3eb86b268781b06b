// Service worker: a stateless router. Listeners are registered synchronously at start-up so Chrome
// can wake the worker for them after it has been stopped.
import { createClient } from '../../src/messaging/client';
import { serve } from '../../src/messaging/server';
import { readActiveTab } from '../../src/platform/active-tab';
import { createContextMenus, onCommand, onMenuChoice } from '../../src/platform/context-menus';
import { prepareIntent, takeIntent } from '../../src/platform/intents';
import { ensureOffscreenDocument } from '../../src/platform/offscreen';
import { extensionVersion, runtimeTransport } from '../../src/platform/runtime';
import { openPanelOnActionClick, openSidePanel } from '../../src/platform/side-panel';
import { chromeTabApi, closeOrphanAgentTabs } from '../../src/platform/tab-api';
import { readTabPage } from '../../src/platform/tab-page';
import { readThroughTab } from '../../src/tools/browse/tab-reader';

const startedAt = Date.now();
const transport = runtimeTransport();
const tabs = chromeTabApi();
const offscreen = createClient(transport, {
  ensureOffscreen: async () => {
    await ensureOffscreenDocument();
  },
});

serve(transport, 'background', {
  'background.ping': () => ({ context: 'background', version: extensionVersion(), startedAt }),
  'background.ensureOffscreen': async () => ({ created: await ensureOffscreenDocument() }),
  'background.readTab': (req) =>
    readThroughTab(tabs, req.url, { policy: req.policy, timeoutMs: req.timeoutMs, signedOut: req.signedOut }),
  'background.currentPage': () => readActiveTab(tabs),
  'background.takeIntent': () => takeIntent(),
});

// The side panel must open inside the user gesture, before anything is awaited; the page is read after.
const researchTab = (kind: 'page' | 'selection', tabId: number, windowId: number, selection?: string) => {
  void openSidePanel(windowId).catch(() => undefined);
  prepareIntent(readTabPage(tabs, tabId, selection).then((page) => (page ? { kind, ...page } : null)));
  void offscreen.send('offscreen.announceIntent', {}).catch(() => undefined);
};
onMenuChoice((c) => researchTab(c.kind, c.tabId, c.windowId, c.selection));
onCommand('research-page', (t) => researchTab('page', t.tabId, t.windowId));

chrome.runtime.onInstalled.addListener(() => {
  void openPanelOnActionClick();
  createContextMenus();
});
chrome.runtime.onStartup.addListener(() => {
  void openPanelOnActionClick();
});
// Tabs a previous worker opened for reading died with its listeners; nobody will close them otherwise.
void closeOrphanAgentTabs().catch(() => undefined);
