/**
 * Classifies literal IP addresses so the URL policy can refuse anything that is not a public internet
 * host. Input is a hostname as the WHATWG URL parser serialises it: decimal, octal and hex IPv4 forms
 * are already canonical dotted decimal, and IPv6 comes without brackets.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'this-network'
  | 'multicast'
  | 'reserved'
  | 'unique-local';

export interface Ipv4Range {
  base: number;
  bits: number;
  kind: Exclude<AddressClass, 'public'>;
}

const ipv4 = (a: number, b: number, c: number, d: number): number =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

// Order matters only for readability; the ranges do not overlap.
export const IPV4_RANGES: readonly Ipv4Range[] = [
  { base: ipv4(0, 0, 0, 0), bits: 8, kind: 'this-network' },
  { base: ipv4(10, 0, 0, 0), bits: 8, kind: 'private' },
  { base: ipv4(100, 64, 0, 0), bits: 10, kind: 'cgnat' },
  { base: ipv4(127, 0, 0, 0), bits: 8, kind: 'loopback' },
  { base: ipv4(169, 254, 0, 0), bits: 16, kind: 'link-local' },
  { base: ipv4(172, 16, 0, 0), bits: 12, kind: 'private' },
  { base: ipv4(192, 0, 0, 0), bits: 24, kind: 'reserved' },
  { base: ipv4(192, 0, 2, 0), bits: 24, kind: 'reserved' },
  { base: ipv4(192, 88, 99, 0), bits: 24, kind: 'reserved' },
  { base: ipv4(192, 168, 0, 0), bits: 16, kind: 'private' },
  { base: ipv4(198, 18, 0, 0), bits: 15, kind: 'reserved' },
  { base: ipv4(198, 51, 100, 0), bits: 24, kind: 'reserved' },
  { base: ipv4(203, 0, 113, 0), bits: 24, kind: 'reserved' },
  { base: ipv4(224, 0, 0, 0), bits: 4, kind: 'multicast' },
  { base: ipv4(240, 0, 0, 0), bits: 4, kind: 'reserved' },
];

/** Strict dotted-decimal IPv4 (what URL produces); returns the address as an unsigned 32-bit number. */
export function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    value = value * 256 + n;
  }
  return value;
}

export function classifyIpv4(address: number): AddressClass {
  for (const range of IPV4_RANGES) {
    const mask = range.bits === 0 ? 0 : (0xffffffff << (32 - range.bits)) >>> 0;
    if ((address & mask) >>> 0 === range.base) return range.kind;
  }
  return 'public';
}

/** Parses an IPv6 literal (no brackets, no zone id) into eight 16-bit groups. */
export function parseIpv6(host: string): number[] | undefined {
  let text = host.toLowerCase();
  const tail: number[] = [];
  // An embedded dotted IPv4 tail becomes two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    const v4 = parseIpv4(dotted[1]);
    if (v4 === undefined) return undefined;
    tail.push(v4 >>> 16, v4 & 0xffff);
    text = text.slice(0, text.length - dotted[1].length);
    // Keep a '::' that precedes the tail; drop a single separating ':'.
    if (!text.endsWith(':')) return undefined;
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (s: string): number[] | undefined => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return undefined;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (!head || !rest) return undefined;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 1) return explicit === 8 ? [...head, ...tail] : undefined;
  if (explicit > 7) return undefined;
  return [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail];
}

const embeddedV4 = (g: number[], hi: number): number => (((g[hi] ?? 0) << 16) | (g[hi + 1] ?? 0)) >>> 0;

/**
 * Addresses that carry an IPv4 address inside (mapped, compatible, NAT64, 6to4) are judged by that
 * IPv4 address, so `::ffff:127.0.0.1` is loopback, not "IPv6".
 */
export function classifyIpv6(g: number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0) {
    if (g7 === 0) return 'this-network';
    if (g7 === 1) return 'loopback';
  }
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) {
    const inner = classifyIpv4(embeddedV4(g, 6));
    return inner === 'public' ? 'reserved' : inner;
  }
  if (g0 === 0x64 && g1 === 0xff9b) {
    const inner = classifyIpv4(embeddedV4(g, 6));
    return inner === 'public' ? 'reserved' : inner;
  }
  if (g0 === 0x2002) {
    const inner = classifyIpv4(embeddedV4(g, 1));
    return inner === 'public' ? 'public' : inner;
  }
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // 2001::/23 holds Teredo and other special-purpose blocks; 2001:db8::/32 is documentation.
  if (g0 === 0x2001 && (g1 < 0x200 || g1 === 0xdb8)) return 'reserved';
  // Only 2000::/3 is global unicast.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

export const ADDRESS_WORDS: Readonly<Record<Exclude<AddressClass, 'public'>, string>> = {
  loopback: 'is your own computer (a loopback address)',
  private: 'is a private network address',
  'link-local': 'is a link-local address on your local network',
  cgnat: 'is a carrier-grade NAT address (a shared private network)',
  'this-network': 'is a "this network" address, which reaches your own computer',
  multicast: 'is a multicast address, not a website',
  reserved: 'is a reserved address, not a public website',
  'unique-local': 'is a private IPv6 network address (unique local)',
};
