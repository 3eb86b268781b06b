/** A stable colour per domain, so the same site gets the same avatar across a run. */
export function avatarHue(domain: string): number {
  let h = 0;
  for (const ch of domain) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

// An address is no name: its digits (and an IPv6 address's hex letters) are the initial of nothing.
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const isAddress = (host: string) => host.startsWith('[') || IPV4.test(host) || !/\p{L}/u.test(host);

/**
 * The character a source's avatar shows: the host's initial, or for an address (127.0.0.1, [::1])
 * the first letter of the page's title; null when neither offers one (the avatar then draws a glyph).
 */
export function avatarMark(domain: string, title = ''): string | null {
  const host = domain.replace(/^www\./i, '');
  const from = host && !isAddress(host) ? host.match(/[\p{L}\p{N}]/u) : title.match(/\p{L}/u);
  return from ? from[0].toUpperCase() : null;
}
