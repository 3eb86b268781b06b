import { describe, expect, it } from 'vitest';
import { checkUrl, DEFAULT_URL_POLICY, type UrlPolicy } from '../../../src/security/url-policy';

const strict: UrlPolicy = { ...DEFAULT_URL_POLICY, allow: [], deny: [] };
const withHttp: UrlPolicy = { ...strict, allowHttp: true };
const withLoopback: UrlPolicy = { ...strict, allowLoopback: true };

type Row = [url: string, policy: UrlPolicy, allowed: boolean, reasonIncludes?: string];

const table: Row[] = [
  // Public hosts
  ['https://example.com/', strict, true],
  ['https://en.wikipedia.org/wiki/Lisbon', strict, true],
  ['https://EXAMPLE.com/Path?q=1#frag', strict, true],
  ['https://example.com./page', strict, true],
  ['https://93.184.216.34/', strict, true],
  ['https://[2606:4700:4700::1111]/', strict, true],
  ['https://xn--bcher-kva.example/', strict, true],
  ['https://例子.中国/', strict, true],
  // Schemes
  ['http://example.com/', strict, false, 'plain http'],
  ['http://example.com/', withHttp, true],
  ['file:///etc/passwd', strict, false, 'file:'],
  ['chrome://settings', strict, false, 'chrome:'],
  ['chrome-extension://abcdefghijklmnop/page.html', strict, false, 'chrome-extension:'],
  ['data:text/html,<script>alert(1)</script>', strict, false, 'data:'],
  ['javascript:alert(1)', strict, false, 'javascript:'],
  ['about:blank', strict, false, 'about:'],
  ['blob:https://example.com/uuid', strict, false, 'blob:'],
  ['ftp://example.com/file', strict, false, 'ftp:'],
  ['not a url', strict, false, 'not a valid web address'],
  // Credentials
  ['https://user:pass@example.com/', strict, false, 'user name or password'],
  ['https://user@example.com/', strict, false, 'user name or password'],
  // Loopback and localhost variants
  ['https://127.0.0.1/', strict, false, 'loopback'],
  ['https://127.1.2.3/', strict, false, 'loopback'],
  ['https://localhost/', strict, false, 'your own computer'],
  ['https://LOCALHOST:8080/', strict, false, 'your own computer'],
  ['https://localhost./', strict, false, 'your own computer'],
  ['https://app.localhost/', strict, false, 'your own computer'],
  ['https://[::1]/', strict, false, 'loopback'],
  // Numeric IPv4 forms (WHATWG URL canonicalises them to dotted decimal)
  ['http://2130706433/', withHttp, false, '127.0.0.1'],
  ['http://0x7f.1/', withHttp, false, '127.0.0.1'],
  ['http://0177.0.0.1/', withHttp, false, '127.0.0.1'],
  ['https://0x7f000001/', strict, false, 'loopback'],
  ['https://3232235777/', strict, false, '192.168.1.1 is a private network address'],
  ['https://127.000.000.001/', strict, false, 'loopback'],
  ['https://127.0.0.1%2e/', strict, false, 'loopback'],
  ['https://①②⑦.0.0.1/', strict, false, 'loopback'],
  ['https://0/', strict, false, 'this network'],
  ['https://Ⓛocalhost/', strict, false, 'your own computer'],
  ['https://example.com@127.0.0.1/', strict, false, 'user name or password'],
  // Private, link-local, CGNAT, special
  ['https://10.0.0.5/', strict, false, 'private network'],
  ['https://172.16.0.1/', strict, false, 'private network'],
  ['https://172.31.255.255/', strict, false, 'private network'],
  ['https://172.32.0.1/', strict, true],
  ['https://192.168.1.1/', strict, false, 'Refused: 192.168.1.1 is a private network address.'],
  ['https://169.254.169.254/latest/meta-data/', strict, false, 'link-local'],
  ['https://100.64.0.1/', strict, false, 'carrier-grade NAT'],
  ['https://100.128.0.1/', strict, true],
  ['https://0.0.0.0/', strict, false, 'this network'],
  ['https://224.0.0.1/', strict, false, 'multicast'],
  ['https://255.255.255.255/', strict, false, 'reserved'],
  ['https://192.0.2.10/', strict, false, 'reserved'],
  // IPv6 forms
  ['https://[fe80::1]/', strict, false, 'link-local'],
  ['https://[fd12:3456::1]/', strict, false, 'unique local'],
  ['https://[fc00::1]/', strict, false, 'unique local'],
  ['https://[::ffff:127.0.0.1]/', strict, false, 'loopback'],
  ['https://[::ffff:7f00:1]/', strict, false, 'loopback'],
  ['https://[::ffff:c0a8:101]/', strict, false, 'private network'],
  ['https://[0:0:0:0:0:ffff:7f00:1]/', strict, false, 'loopback'],
  ['https://[::127.0.0.1]/', strict, false, 'loopback'],
  ['https://[::]/', strict, false, 'this network'],
  ['https://[ff02::1]/', strict, false, 'multicast'],
  ['https://[2001:db8::1]/', strict, false, 'reserved'],
  ['https://[64:ff9b::a00:1]/', strict, false, 'private network'],
  ['https://[2002:c0a8:101::1]/', strict, false, 'private network'],
  // Local names and single labels
  ['https://printer.local/', strict, false, '.local'],
  ['https://db.internal/', strict, false, '.internal'],
  ['https://nas.lan/', strict, false, '.lan'],
  ['https://router.home.arpa/', strict, false, '.home.arpa'],
  ['https://intranet/', strict, false, 'local network name'],
  ['https://127.0.0.1.nip.io/', strict, false, 'nip.io'],
  // allowLoopback (developer setting)
  ['http://127.0.0.1:8123/page', withLoopback, true],
  ['http://2130706433:8123/page', withLoopback, true],
  ['https://localhost:3000/', withLoopback, false, 'your own computer'],
  ['https://[::1]:9000/', withLoopback, false, 'loopback'],
  ['https://127.0.0.2:8123/', withLoopback, false, 'loopback'],
  ['https://127.1.2.3/', withLoopback, false, 'loopback'],
  ['https://192.168.1.1/', withLoopback, false, 'private network'],
  ['https://10.1.2.3/', withLoopback, false, 'private network'],
  ['http://example.com/', withLoopback, false, 'plain http'],
];

describe('checkUrl', () => {
  it.each(table)('%s', (url, policy, allowed, reasonIncludes) => {
    const result = checkUrl(url, policy);
    expect(result.ok).toBe(allowed);
    if (!result.ok && reasonIncludes) expect(result.reason).toContain(reasonIncludes);
    if (!result.ok) expect(result.reason.startsWith('Refused:')).toBe(true);
  });

  it('has a table of at least 40 cases', () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
  });

  it('returns the parsed URL when allowed', () => {
    const result = checkUrl('https://Example.com/a?b=1', strict);
    expect(result.ok && result.url.href).toBe('https://example.com/a?b=1');
  });
});

describe('allow and deny lists', () => {
  it('deny list blocks the host and its subdomains', () => {
    const policy = { ...strict, deny: ['example.com'] };
    expect(checkUrl('https://example.com/', policy).ok).toBe(false);
    expect(checkUrl('https://news.example.com/', policy)).toEqual({
      ok: false,
      reason: 'Refused: news.example.com is on your blocked sites list.',
    });
    expect(checkUrl('https://notexample.com/', policy).ok).toBe(true);
  });

  it('a *. pattern matches subdomains but not the bare domain', () => {
    const policy = { ...strict, deny: ['*.example.org'] };
    expect(checkUrl('https://a.example.org/', policy).ok).toBe(false);
    expect(checkUrl('https://example.org/', policy).ok).toBe(true);
  });

  it('accepts pasted URLs and odd case in list entries', () => {
    const policy = { ...strict, deny: ['  HTTPS://Tracker.Example.NET/some/path '] };
    expect(checkUrl('https://tracker.example.net/x', policy).ok).toBe(false);
  });

  it('a non-empty allow list means only those sites', () => {
    const policy = { ...strict, allow: ['wikipedia.org', 'arxiv.org'] };
    expect(checkUrl('https://en.wikipedia.org/wiki/X', policy).ok).toBe(true);
    expect(checkUrl('https://arxiv.org/abs/1', policy).ok).toBe(true);
    const other = checkUrl('https://example.com/', policy);
    expect(other).toEqual({ ok: false, reason: 'Refused: example.com is not on your allowed sites list.' });
  });

  it('deny wins over allow', () => {
    const policy = { ...strict, allow: ['example.com'], deny: ['ads.example.com'] };
    expect(checkUrl('https://www.example.com/', policy).ok).toBe(true);
    expect(checkUrl('https://ads.example.com/', policy).ok).toBe(false);
  });

  it('the allow list never opens private addresses or plain http', () => {
    const policy = { ...strict, allow: ['192.168.1.1', 'example.com'] };
    expect(checkUrl('https://192.168.1.1/', policy).ok).toBe(false);
    expect(checkUrl('http://example.com/', policy).ok).toBe(false);
  });

  it('ignores blank allow entries', () => {
    expect(checkUrl('https://example.com/', { ...strict, allow: ['', '  '] }).ok).toBe(true);
  });
});
