// Service worker: a stateless router. Listeners are registered synchronously at start-up so Chrome
// can wake the worker for them after it has been stopped.
import { serve } from '../../src/messaging/server';
import { ensureOffscreenDocument } from '../../src/platform/offscreen';
import { extensionVersion, runtimeTransport } from '../../src/platform/runtime';
import { openPanelOnActionClick } from '../../src/platform/side-panel';

const startedAt = Date.now();
const transport = runtimeTransport();

serve(transport, 'background', {
  'background.ping': () => ({ context: 'background', version: extensionVersion(), startedAt }),
  'background.ensureOffscreen': async () => ({ created: await ensureOffscreenDocument() }),
});

chrome.runtime.onInstalled.addListener(() => {
  void openPanelOnActionClick();
});
chrome.runtime.onStartup.addListener(() => {
  void openPanelOnActionClick();
});
