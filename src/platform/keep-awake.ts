import { chrome } from './browser-api';

/**
 * Keeps Firefox's event page from being suspended while `busy()` says so: Firefox unloads an idle
 * background page after `extensions.background.idle.timeout` (30 s by default), which would cut a
 * research run and drop a loaded model. Measured on Firefox 153: any extension API call resets that
 * timer, while an open runtime.Port or a pending onMessage answer does not. So while busy, a cheap
 * call is made well inside the timeout; when not busy nothing happens and the page may sleep.
 * https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/Background_scripts
 */
export function keepAwakeWhile(busy: () => boolean, everyMs = 10_000): () => void {
  const timer = setInterval(() => {
    if (busy()) void chrome.runtime.getPlatformInfo().catch(() => undefined);
  }, everyMs);
  return () => clearInterval(timer);
}
