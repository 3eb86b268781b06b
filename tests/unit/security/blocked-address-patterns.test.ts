import { describe, expect, it } from 'vitest';
import { BLOCK_RULE_SLOTS } from '../../../src/platform/agent-tabs/guards';
import {
  blockedAddressPatterns,
  cidrPattern,
  octetRange,
} from '../../../src/security/blocked-address-patterns';
import { classifyIpv4, IPV4_RANGES } from '../../../src/security/ip-address';
import { checkUrl, DEFAULT_URL_POLICY } from '../../../src/security/url-policy';

const dotted = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 0xff).join('.');
const blocks = (patterns: string[], url: string) => patterns.some((p) => new RegExp(p, 'i').test(url));

/** Addresses either side of every range's edges, plus a deterministic spread over the whole space. */
function sampleAddresses(): number[] {
  const out = new Set<number>();
  for (const r of IPV4_RANGES) {
    const size = 2 ** (32 - r.bits);
    for (const n of [r.base - 1, r.base, r.base + 1, r.base + size - 1, r.base + size]) {
      if (n >= 0 && n <= 0xffffffff) out.add(n >>> 0);
    }
  }
  let x = 12345;
  for (let i = 0; i < 20_000; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.add(x);
  }
  return [...out];
}

describe('agent-tab network rules, generated from the URL policy table', () => {
  it('octet ranges match exactly the numbers inside them', () => {
    for (const [lo, hi] of [
      [0, 255],
      [64, 127],
      [16, 31],
      [18, 19],
      [0, 0],
      [224, 239],
      [100, 100],
      [7, 13],
    ] as const) {
      const re = new RegExp(`^${octetRange(lo, hi)}$`);
      for (let n = 0; n <= 255; n++)
        expect(re.test(String(n)), `${n} in ${lo}-${hi}`).toBe(n >= lo && n <= hi);
    }
    expect(cidrPattern({ base: ((100 << 24) | (64 << 16)) >>> 0, bits: 10 })).toBe(
      '100\\.(?:6[4-9]|[7-9][0-9]|1[0-1][0-9]|12[0-7])\\.[0-9.]+',
    );
  });

  it('block an IPv4 address exactly when the URL policy calls it non-public', () => {
    const patterns = blockedAddressPatterns({ allowLoopback: false });
    for (const n of sampleAddresses()) {
      const ip = dotted(n);
      const url = `http://${ip}:8080/path?q=1`;
      expect(blocks(patterns, url), ip).toBe(classifyIpv4(n) !== 'public');
    }
  });

  it('let only 127.0.0.1 through when the developer setting allows it', () => {
    const strict = blockedAddressPatterns({ allowLoopback: false });
    const dev = blockedAddressPatterns({ allowLoopback: true });
    expect(blocks(strict, 'http://127.0.0.1:5173/')).toBe(true);
    expect(blocks(dev, 'http://127.0.0.1:5173/')).toBe(false);
    expect(blocks(dev, 'http://127.0.0.1/x')).toBe(false);
    for (const url of [
      'http://127.9.9.9/x',
      'http://127.0.0.2:8080/',
      'http://127.0.0.0/',
      'http://127.0.0.10/',
      'http://127.0.0.100/',
      'http://127.0.1.1/',
      'http://127.1.0.1/',
      'http://localhost/',
      'http://a.localhost:80/',
      'http://[::1]:8080/',
      'http://10.1.2.3/',
    ]) {
      expect(blocks(strict, url), url).toBe(true);
      expect(blocks(dev, url), url).toBe(true);
    }
    // Every other loopback address, with the setting on.
    for (let n = 0x7f000000; n <= 0x7fffffff; n += 0x10101 + 7) {
      const ip = dotted(n);
      expect(blocks(dev, `http://${ip}:1/`), ip).toBe(ip !== '127.0.0.1');
    }
    for (let d = 0; d <= 255; d++) expect(blocks(dev, `http://127.0.0.${d}/`), `${d}`).toBe(d !== 1);
  });

  it('block private addresses written with user-info, and single-label names', () => {
    const patterns = blockedAddressPatterns({ allowLoopback: true });
    for (const url of [
      'http://admin@10.0.0.4/',
      'http://admin:hunter2@192.168.1.1/x',
      'http://x@169.254.169.254/latest/meta-data',
      'http://user@router.local/',
      'http://admin:admin@127.0.0.2:9000/',
      'http://intranet/',
      'http://intranet./a',
      'https://intranet:8443/',
      'http://metadata/computeMetadata/v1',
      'http://u@metadata/',
    ]) {
      expect(blocks(patterns, url), url).toBe(true);
      expect(checkUrl(url, DEFAULT_URL_POLICY).ok, url).toBe(false);
    }
    for (const url of [
      'https://user@example.com/',
      'https://example.com/a@10.0.0.4/',
      'https://example.com/?next=http://intranet/',
      'https://example.com./',
      'chrome-extension://abcdefgh/page.html',
    ]) {
      expect(blocks(patterns, url), url).toBe(false);
    }
  });

  it('block the local names and rebinding services the policy refuses, and no public site', () => {
    const patterns = blockedAddressPatterns({ allowLoopback: false });
    for (const url of [
      'https://printer.local/',
      'https://nas.home.arpa:5000/',
      'https://wiki.corp/',
      'https://router.lan./',
      'https://intranet.example.intranet/a',
      'https://127.0.0.1.nip.io/',
      'https://a-b.sslip.io/x',
      'https://[::1]/',
      'https://[2606:4700::1111]/',
    ]) {
      expect(blocks(patterns, url), url).toBe(true);
      if (!url.includes('[2606')) expect(checkUrl(url, DEFAULT_URL_POLICY).ok, url).toBe(false);
    }
    for (const url of [
      'https://example.com/',
      'https://en.wikipedia.org/wiki/Local',
      'https://example.com/page.local/x',
      'https://localhost.example.com/',
      'https://nip.io.example.com/',
      'https://8.8.8.8/',
      'https://100.128.0.1/',
      'https://172.32.0.1/',
    ]) {
      expect(blocks(patterns, url), url).toBe(false);
      expect(checkUrl(url, DEFAULT_URL_POLICY).ok, url).toBe(true);
    }
  });

  // Whether Chrome's RE2 accepts each filter is checked in the browser: tests/e2e/tab-reader.e2e.ts.
  it('fit the rule ids each agent tab has', () => {
    for (const allowLoopback of [false, true]) {
      expect(blockedAddressPatterns({ allowLoopback }).length).toBeLessThanOrEqual(BLOCK_RULE_SLOTS);
    }
  });
});
