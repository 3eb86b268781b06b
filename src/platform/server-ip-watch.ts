/**
 * Where an agent tab's responses came from. Names are judged before a request (URL policy, network
 * rules); the server's IP is known only once it answers (webRequest's `ip`), so a public name that
 * resolves to a private address is caught here and the read refused (src/security/server-address.ts).
 *
 * Behind a proxy every response carries the proxy's address, so the check would refuse everything:
 * responses of the built-in search hosts (names no page or model can point elsewhere) coming from a
 * non-public address reveal a proxy, and the check then stands down (README, Privacy).
 */
import { type ObservedAddress, ProxyDetector } from '../security/server-address';
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

/** Where the offscreen document's own fetches were answered from, by URL (newest last). */
const fetchIps = new Map<string, { ip: string | undefined; at: number }>();
const fetchWaiters = new Map<string, Set<() => void>>();
let watchingFetches = false;
const keyOf = (url: string) => {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
};

/**
 * Starts recording the server address of the extension's own requests (tab id -1: the offscreen
 * document's fetches of pages and PDFs). Registered at start-up, so a stopped service worker is woken
 * with the event and the address is there when the reader asks.
 */
export function watchExtensionFetches(): void {
  if (watchingFetches || !chrome.webRequest) return;
  watchingFetches = true;
  chrome.webRequest.onResponseStarted.addListener(
    (d) => {
      const key = keyOf(d.url);
      fetchIps.delete(key);
      fetchIps.set(key, { ip: d.ip, at: Date.now() });
      // Only the latest few hundred are kept: the reader asks within moments of its response.
      for (const old of fetchIps.keys()) {
        if (fetchIps.size <= 500) break;
        fetchIps.delete(old);
      }
      for (const wake of fetchWaiters.get(key) ?? []) wake();
    },
    { urls: ['<all_urls>'], tabId: -1 },
  );
}

type FetchAddress = ObservedAddress;

/**
 * The server address of an extension fetch of `url` that got its response at or after `since`,
 * waiting up to `waitMs` for the browser to report it (the event and the reader's question travel
 * separately, so either can come first).
 */
export function fetchServerAddress(url: string, since: number, waitMs: number): Promise<FetchAddress> {
  if (!chrome.webRequest) return Promise.resolve({ known: false, reason: 'no-webrequest' });
  const key = keyOf(url);
  const look = (): FetchAddress | undefined => {
    const hit = fetchIps.get(key);
    return hit && hit.at >= since ? { known: true, ip: hit.ip, proxied: proxy.proxied } : undefined;
  };
  const now = look();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const waiters = fetchWaiters.get(key) ?? new Set<() => void>();
    fetchWaiters.set(key, waiters);
    const finish = (r: FetchAddress) => {
      clearTimeout(timer);
      waiters.delete(check);
      if (waiters.size === 0) fetchWaiters.delete(key);
      resolve(r);
    };
    const check = () => {
      const r = look();
      if (r) finish(r);
    };
    const timer = setTimeout(() => finish({ known: false, reason: 'not-seen' }), waitMs);
    waiters.add(check);
  });
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
