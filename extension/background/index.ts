// Service worker (Chrome): hosts the router room and the browser-level listeners; the offscreen
// document hosts the engine rooms. Listeners are registered synchronously at start-up so Chrome can
// wake the worker for them after it has been stopped.
import { composeHandlers } from '../../src/messaging/handlers';
import { serve } from '../../src/messaging/server';
import { onBrowserStartup } from '../../src/platform/lifecycle';
import { ensureOffscreenDocument } from '../../src/platform/offscreen';
import { runtimeTransport } from '../../src/platform/runtime';
import { openPanelOnActionClick, openSidePanel } from '../../src/platform/side-panel';
import { hostRouterRoom } from '../shared/router-room';

serve(
  runtimeTransport(),
  composeHandlers(
    hostRouterRoom({
      ensureEngineHost: ensureOffscreenDocument,
      openPanel: openSidePanel,
      onInstall: () => void openPanelOnActionClick(),
      tabs: { parkFromPage: true, partition: 'incognito' },
    }),
  ),
);
onBrowserStartup(() => void openPanelOnActionClick());
