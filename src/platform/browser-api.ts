/**
 * The WebExtension API of the browser Sleuth runs in, promise-based in both: Firefox's `browser`
 * namespace, or Chrome's `chrome` (every API Sleuth uses returns a promise in MV3 from Chrome 120, the
 * manifest's minimum). Platform code imports it as `chrome`, so it reads against Chrome's
 * documentation and types (@types/chrome) and runs unchanged in Firefox.
 *
 * A thin alias rather than webextension-polyfill: both browsers already speak promises, so the
 * polyfill would only wrap Chrome's API in a Proxy, and it throws at import time outside an
 * extension (src/ modules have no import-time effects and are imported by Node tests).
 * APIs that differ (Firefox's sidebarAction, Chrome's sidePanel and offscreen) live in their own
 * files here; DNR enums are not used because Firefox's namespace does not carry them.
 */
type Api = typeof globalThis.chrome;

const g = globalThis as { browser?: Api; chrome?: Api };

export const chrome: Api = (g.browser ?? g.chrome) as Api;
