/**
 * Where an agent tab's responses came from. Names are judged before a request (URL policy, network
 * rules); the server's IP is known only once it answers (webRequest's `ip`), so a public name that
 * resolves to a private address is caught here and the read refused (src/security/server-address.ts).
 *
 * Behind a proxy every response carries the proxy's address, so the check would refuse everything:
 * responses of the built-in search hosts (names no page or model can point elsewhere) coming from a
 * non-public address reveal a proxy, and the check then stands down (README, Privacy).
 */
import { ProxyDetector } from '../security/server-address';
import { chrome } from './browser-api';

const BUILT_IN_HOSTS = [
  'duckduckgo.com',
  'html.duckduckgo.com',
  'en.wikipedia.org',
  'api.search.brave.com',
  'api.tavily.com',
  'google.serper.dev',
  's.jina.ai',
  'www.googleapis.com',
];

const proxy = new ProxyDetector();
let watchingProxy = false;

/** Starts watching the extension's own requests to built-in hosts for a proxy (once per context). */
export function watchForProxy(): void {
  if (watchingProxy || !chrome.webRequest) return;
  watchingProxy = true;
  chrome.webRequest.onResponseStarted.addListener(
    (d) => {
      try {
        proxy.observe(new URL(d.url).hostname, d.ip);
      } catch {
        // Not a URL with a host: no evidence either way.
      }
    },
    { urls: BUILT_IN_HOSTS.map((h) => `https://${h}/*`) },
  );
}

/**
 * Calls `onRefused` with the reason for the first response of `tabId` that `judge` refuses; returns
 * the function that stops watching. Does nothing where webRequest is missing or a proxy was seen.
 */
export function watchServerIps(
  tabId: number,
  judge: (ip: string | undefined) => string | undefined,
  onRefused: (url: string, reason: string) => void,
): () => void {
  if (!chrome.webRequest) return () => undefined;
  const listener = (d: chrome.webRequest.OnResponseStartedDetails) => {
    if (proxy.proxied) return;
    const why = judge(d.ip);
    if (why) onRefused(d.url, why);
  };
  chrome.webRequest.onResponseStarted.addListener(listener, { urls: ['<all_urls>'], tabId });
  return () => chrome.webRequest.onResponseStarted.removeListener(listener);
}
