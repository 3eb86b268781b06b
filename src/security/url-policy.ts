/**
 * The gate every URL passes before a tab opens and on every redirect. The model is not a security
 * boundary: pages it reads may ask it to visit internal addresses, so this code refuses anything that is
 * not a public web page.
 *
 * Allow list semantics (chosen deliberately): a non-empty `allow` list means "only these sites". It
 * narrows what may be opened; it never widens it — an allowed host still needs https (unless allowHttp)
 * and can never be a private, loopback or local-only address. The deny list wins over the allow list.
 *
 * Known limit: hostnames are not resolved here (an extension cannot resolve DNS before a navigation),
 * so a public name that resolves to a private address is not caught by this check.
 */

import { matchesAnyHost, stripTrailingDot } from './host-pattern';
import { ADDRESS_WORDS, classifyIpv4, classifyIpv6, parseIpv4, parseIpv6 } from './ip-address';

export interface UrlPolicy {
  allowHttp: boolean;
  /**
   * Developer setting for end-to-end tests: lets exactly 127.0.0.1 through (http too), where the
   * fixture servers listen. The rest of 127/8, ::1 and localhost stay refused, so the attack suite
   * can stand in a loopback server for the user's own machine.
   */
  allowLoopback: boolean;
  allow: string[];
  deny: string[];
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const DEFAULT_URL_POLICY: Readonly<UrlPolicy> = Object.freeze({
  allowHttp: false,
  allowLoopback: false,
  allow: [],
  deny: [],
});

export const LOCAL_SUFFIXES = [
  'local',
  'internal',
  'lan',
  'home.arpa',
  'localdomain',
  'intranet',
  'corp',
  'home',
];

// Wildcard-DNS services whose names resolve to whatever address is written in them (often 127.0.0.1).
export const REBINDING_SERVICES = ['nip.io', 'sslip.io', 'xip.io', 'localtest.me', 'lvh.me'];

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

export function checkUrl(url: string, policy: UrlPolicy): UrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return refuse('Refused: this is not a valid web address.');
  }

  const scheme = parsed.protocol;
  if (scheme !== 'https:' && scheme !== 'http:') {
    return refuse(`Refused: ${scheme} addresses are not web pages; Sleuth only opens https links.`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('Refused: the address contains a user name or password.');
  }

  const host = stripTrailingDot(parsed.hostname);
  const loopbackAllowed = policy.allowLoopback && parseIpv4(host) === FIXTURE_ADDRESS;

  if (scheme === 'http:' && !policy.allowHttp && !loopbackAllowed) {
    return refuse(
      `Refused: ${host} would be opened over plain http. Turn on "Allow http" in Options to permit it.`,
    );
  }

  if (!loopbackAllowed) {
    const hostProblem = describeHostProblem(host);
    if (hostProblem) return refuse(`Refused: ${hostProblem}.`);
  }

  if (matchesAnyHost(host, policy.deny)) {
    return refuse(`Refused: ${host} is on your blocked sites list.`);
  }
  const allowList = policy.allow.filter((entry) => entry.trim() !== '');
  if (allowList.length > 0 && !loopbackAllowed && !matchesAnyHost(host, allowList)) {
    return refuse(`Refused: ${host} is not on your allowed sites list.`);
  }
  return { ok: true, url: parsed };
}

/** 127.0.0.1, in whatever spelling the URL parser turned into dotted decimal. */
const FIXTURE_ADDRESS = 0x7f000001;

/** Plain-words description of why a host is not a public website, or undefined when it is fine. */
function describeHostProblem(host: string): string | undefined {
  if (host === '') return 'the address has no host name';
  if (host.startsWith('[')) {
    const groups = parseIpv6(host.slice(1, -1));
    if (!groups) return `${host} is not a valid IPv6 address`;
    const kind = classifyIpv6(groups);
    return kind === 'public' ? undefined : `${host} ${ADDRESS_WORDS[kind]}`;
  }
  const v4 = parseIpv4(host);
  if (v4 !== undefined) {
    const kind = classifyIpv4(v4);
    return kind === 'public' ? undefined : `${host} ${ADDRESS_WORDS[kind]}`;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return `${host} is your own computer`;
  }
  if (!host.includes('.')) {
    return `${host} is a local network name, not a public website`;
  }
  const suffix = LOCAL_SUFFIXES.find((s) => host.endsWith(`.${s}`));
  if (suffix) return `${host} is a local network name (.${suffix}), not a public website`;
  const service = REBINDING_SERVICES.find((s) => host === s || host.endsWith(`.${s}`));
  if (service)
    return `${host} uses ${service}, which points names at arbitrary addresses such as your own computer`;
  return undefined;
}
