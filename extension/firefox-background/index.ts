// Background page (Firefox): Firefox has no offscreen documents, so this one context hosts every room:
// the router with the browser-level listeners, and the engine, runner and search rooms. Messages
// between them are answered in-process. Listeners are registered synchronously so Firefox can wake
// the event page for them after it has been suspended.
import { createClient } from '../../src/messaging/client';
import { composeHandlers } from '../../src/messaging/handlers';
import { createLiveHub } from '../../src/messaging/live';
import { serve } from '../../src/messaging/server';
import { keepAwakeWhile } from '../../src/platform/keep-awake';
import { onInstalled } from '../../src/platform/lifecycle';
import { openExtensionTab, portTransport, runtimeTransport } from '../../src/platform/runtime';
import { openSidebar, toggleSidebarOnActionClick } from '../../src/platform/sidebar';
import { hostEngineRooms } from '../shared/engine-rooms';
import { hostRouterRoom } from '../shared/router-room';

const transport = runtimeTransport();
const hub = createLiveHub(portTransport());
const handlers = composeHandlers(
  hostRouterRoom({
    // The engine rooms live here: there is nothing to start.
    ensureEngineHost: async () => false,
    openPanel: () => openSidebar(),
    tabs: { partition: 'container' },
  }),
);
const runner = hostEngineRooms({
  handlers,
  client: createClient(transport, { local: handlers }),
  hub,
  browser: 'firefox',
});
toggleSidebarOnActionClick();
serve(transport, handlers);

// A run in progress or an open Sleuth view (the loaded model lives here) keeps the page awake;
// otherwise Firefox may suspend it. A run cut anyway is paused and offered to continue on next start.
// (The e2e build checks more often, so tests can shorten Firefox's idle timeout.)
const keepAwakeEveryMs = import.meta.env.MODE === 'e2e' ? 1000 : 10_000;
void runner.then((r) => keepAwakeWhile(() => r.activeIds().length > 0 || hub.size > 0, keepAwakeEveryMs));

// Test seam of the e2e build only: WebDriver BiDi will not navigate to moz-extension:// URLs, so the
// background page opens the panel page in a tab itself, where the tests find and drive it.
if (import.meta.env.MODE === 'e2e')
  onInstalled(() => void openExtensionTab('extension/sidepanel/index.html'));
