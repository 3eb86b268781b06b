import { describe, expect, it } from 'vitest';
import { checkServerIp, classifyServerIp, ProxyDetector } from '../../../src/security/server-address';

describe('the address a response came from', () => {
  it.each([
    ['10.0.0.4', 'private'],
    ['127.0.0.2', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fd00::1', 'unique-local'],
    ['fe80::1%eth0', 'link-local'],
    ['::ffff:192.168.1.1', 'private'],
    ['93.184.216.34', 'public'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
  ])('classifies %s as %s', (ip, kind) => {
    expect(classifyServerIp(ip)).toBe(kind);
  });

  it('refuses a private server address with a reason', () => {
    const r = checkServerIp('10.0.0.4', { allowLoopback: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/10\.0\.0\.4 is a private network address/);
  });

  it('admits public addresses, and no address at all (cache, service worker)', () => {
    expect(checkServerIp('8.8.8.8', { allowLoopback: false })).toEqual({ ok: true });
    expect(checkServerIp(undefined, { allowLoopback: false })).toEqual({ ok: true });
    expect(checkServerIp('', { allowLoopback: false })).toEqual({ ok: true });
  });

  it('the developer setting admits exactly 127.0.0.1, not the rest of loopback', () => {
    expect(checkServerIp('127.0.0.1', { allowLoopback: true })).toEqual({ ok: true });
    expect(checkServerIp('127.0.0.2', { allowLoopback: true }).ok).toBe(false);
    expect(checkServerIp('::1', { allowLoopback: true }).ok).toBe(false);
    expect(checkServerIp('127.0.0.1', { allowLoopback: false }).ok).toBe(false);
  });
});

describe('proxy detection', () => {
  it('a public configured host answering from a private address means a proxy', () => {
    const d = new ProxyDetector();
    expect(d.observe('html.duckduckgo.com', '52.1.2.3')).toBe(false);
    expect(d.observe('html.duckduckgo.com', '10.1.1.1')).toBe(true);
    expect(d.proxied).toBe(true);
  });

  it('hosts that are private by their name or address are no evidence', () => {
    const d = new ProxyDetector();
    expect(d.observe('127.0.0.1', '127.0.0.1')).toBe(false);
    expect(d.observe('localhost', '127.0.0.1')).toBe(false);
    expect(d.observe('searx', '192.168.1.5')).toBe(false);
    expect(d.observe('[::1]', '::1')).toBe(false);
    expect(d.observe('searx.home.lan', '192.168.1.5')).toBe(false);
    expect(d.observe('8.8.8.8', '10.0.0.1')).toBe(false);
    expect(d.proxied).toBe(false);
  });
});
