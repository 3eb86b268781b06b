// Offscreen document: hosts the inference engine and the research runner for as long as the browser runs.
import { createLiveHub } from '../../src/messaging/live';
import type { EngineStatus } from '../../src/messaging/protocol';
import { serve } from '../../src/messaging/server';
import { portTransport, runtimeTransport } from '../../src/platform/runtime';

const startedAt = Date.now();
const hub = createLiveHub(portTransport());
const engineStatus: EngineStatus = { engine: 'web-llm', modelId: null, state: 'not-loaded' };

serve(runtimeTransport(), 'offscreen', {
  'offscreen.ping': () => ({ context: 'offscreen', startedAt, engine: engineStatus }),
  'offscreen.engineStatus': () => engineStatus,
});
void hub;
