// Offscreen document (Chrome): hosts the engine, runner and search rooms for as long as the browser
// runs (see extension/shared/offscreen-rooms.ts); the service worker hosts the router.
import { createClient } from '../../src/messaging/client';
import { composeHandlers } from '../../src/messaging/handlers';
import { createLiveHub } from '../../src/messaging/live';
import { serve } from '../../src/messaging/server';
import { portTransport, runtimeTransport } from '../../src/platform/runtime';
import { hostEngineRooms } from '../shared/engine-rooms';

const transport = runtimeTransport();
const handlers = composeHandlers();
// Messages for rooms this document hosts are answered in-process; the router lives in the service worker.
hostEngineRooms({
  handlers,
  client: createClient(transport, { local: handlers }),
  hub: createLiveHub(portTransport()),
  browser: 'chromium',
});
serve(transport, handlers);
