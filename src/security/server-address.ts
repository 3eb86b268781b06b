/**
 * The address a page actually came from. The URL policy judges names before a request; only after
 * the response does the browser know the server's IP (webRequest's `ip`). A public name that
 * resolves to a private address (DNS rebinding, a hostile or internal resolver) is caught here, and
 * the read is aborted and its content discarded.
 *
 * Through a proxy every response carries the proxy's address, so the check cannot judge anything:
 * when a host the user configured (a search provider) answers from a non-public address although its
 * name is public, a proxy is in the way and the check stands down. The model cannot trigger this:
 * only hosts from the user's settings count as evidence.
 */
import {
  ADDRESS_WORDS,
  type AddressClass,
  classifyIpv4,
  classifyIpv6,
  parseIpv4,
  parseIpv6,
} from './ip-address';
import { checkUrl, DEFAULT_URL_POLICY } from './url-policy';

const isIpLiteral = (host: string) =>
  host.startsWith('[') || parseIpv4(host.replace(/\.$/, '')) !== undefined;

export type AddressCheck =
  | { ok: true }
  | { ok: false; kind: Exclude<AddressClass, 'public'>; reason: string };

/** Classifies an IP as webRequest reports it (dotted IPv4, or IPv6 without brackets). */
export function classifyServerIp(ip: string): AddressClass | undefined {
  const bare = ip
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const v4 = parseIpv4(bare);
  if (v4 !== undefined) return classifyIpv4(v4);
  const v6 = parseIpv6(bare);
  return v6 ? classifyIpv6(v6) : undefined;
}

/**
 * Judges where a response for an agent tab came from. `allowLoopback` is the developer setting for
 * end-to-end tests: it admits exactly 127.0.0.1 (the fixture servers), not the rest of 127/8.
 */
export function checkServerIp(ip: string | undefined, opts: { allowLoopback: boolean }): AddressCheck {
  // Served from cache or by a service worker: no address, nothing new was contacted.
  if (!ip) return { ok: true };
  const kind = classifyServerIp(ip);
  if (kind === undefined || kind === 'public') return { ok: true };
  if (opts.allowLoopback && (ip === '127.0.0.1' || ip === '::ffff:127.0.0.1')) return { ok: true };
  return {
    ok: false,
    kind,
    reason: `Refused: the page's server address ${ip} ${ADDRESS_WORDS[kind]}; its name resolved to a private address, so what it sent was discarded.`,
  };
}

/** Decides from responses of the user's own configured hosts whether the browser uses a proxy. */
export class ProxyDetector {
  private seen = false;

  /** A response for a host from the user's settings; returns true once a proxy is detected. */
  observe(host: string, ip: string | undefined): boolean {
    if (!ip || this.seen) return this.seen;
    // Only names the URL policy calls public are evidence (a SearXNG at searx.home.lan is not).
    if (!checkUrl(`https://${host}/`, DEFAULT_URL_POLICY).ok || isIpLiteral(host)) return this.seen;
    const kind = classifyServerIp(ip);
    if (kind !== undefined && kind !== 'public') this.seen = true;
    return this.seen;
  }

  get proxied(): boolean {
    return this.seen;
  }
}

/** What the browser reported about where a response came from (webRequest), or why it could not. */
export type ObservedAddress =
  | { known: true; ip: string | undefined; proxied: boolean }
  | { known: false; reason: 'no-webrequest' | 'not-seen' };

export type FetchVerdict = { verdict: 'ok' } | { verdict: 'refused' | 'unknown'; reason: string };

/**
 * Judges a page or PDF the extension fetched itself (no tab). Refused: the name resolved to a private
 * address, and nothing of the response may be used. Unknown: the browser did not report the address
 * in time; the caller does not use the response either (the page goes to a tab, which has its own
 * check). Where the browser has no webRequest, or behind a proxy, there is nothing to judge.
 */
export function judgeFetchAddress(seen: ObservedAddress, opts: { allowLoopback: boolean }): FetchVerdict {
  if (!seen.known) {
    return seen.reason === 'no-webrequest'
      ? { verdict: 'ok' }
      : { verdict: 'unknown', reason: 'Sleuth could not confirm which server answered.' };
  }
  if (seen.proxied) return { verdict: 'ok' };
  const c = checkServerIp(seen.ip, opts);
  return c.ok ? { verdict: 'ok' } : { verdict: 'refused', reason: c.reason };
}

/** Thrown by the fetch readers when a response came from a private address: the visit fails with it. */
export class ServerAddressRefused extends Error {
  override name = 'ServerAddressRefused';
}
