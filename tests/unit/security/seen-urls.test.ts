import { describe, expect, it } from 'vitest';
import { exactUrlKey, SeenUrls, UNSEEN_REASON } from '../../../src/security/seen-urls';

const seen = () => {
  const s = new SeenUrls();
  s.add('http://attacker.example/landing', 'search');
  s.add('https://news.example/story?id=42', 'search');
  s.add('https://docs.example/guide/', 'page');
  s.add('https://Example.com./A%7Eb', 'user');
  return s;
};

describe('provenance that cannot be padded', () => {
  it('opens a seen URL as it was seen', () => {
    expect(seen().resolve('http://attacker.example/landing')).toEqual({
      ok: true,
      url: 'http://attacker.example/landing',
      source: 'search',
    });
    expect(seen().resolve('https://news.example/story?id=42')).toMatchObject({ ok: true, source: 'search' });
  });

  it('forgives what carries no data: host case, trailing dot, default port, needless escapes, https upgrade', () => {
    const s = seen();
    for (const u of [
      'https://EXAMPLE.com/A~b',
      'https://example.com:443/A%7Eb',
      'https://example.com./A~b',
    ]) {
      expect(s.resolve(u), u).toMatchObject({ ok: true, source: 'user' });
      expect((s.resolve(u) as { dropped?: string }).dropped, u).toBeUndefined();
    }
    expect(s.resolve('https://attacker.example/landing')).toEqual({
      ok: true,
      url: 'http://attacker.example/landing',
      source: 'search',
    });
  });

  const padded: [string, string][] = [
    ['tracking parameter', 'http://attacker.example/landing?utm_source=7Q4K93ZD'],
    ['fbclid', 'http://attacker.example/landing?fbclid=SECRET123'],
    ['gclid', 'http://attacker.example/landing?gclid=SECRET123'],
    ['fragment', 'http://attacker.example/landing#SECRET123'],
    ['www. variant', 'http://www.attacker.example/landing?utm_campaign=SECRET123'],
    ['user-info', 'http://SECRET123@attacker.example/landing'],
    ['trailing slash', 'http://attacker.example/landing/'],
    ['new parameter', 'https://news.example/story?id=42&ref=SECRET123'],
    ['reordered parameters plus one', 'https://news.example/story?x=SECRET&id=42'],
  ];
  for (const [name, url] of padded) {
    it(`opens the seen URL, not the one padded with a ${name}`, () => {
      const r = seen().resolve(url);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.url).not.toContain('SECRET');
      expect(r.url).not.toContain('7Q4K');
      expect(r.dropped).toMatch(/opened the seen address/);
    });
  }

  const unseen = [
    'https://attacker.example/landing/SECRET123',
    'https://evil.attacker.example/landing',
    'https://collector.example/c?d=SECRET',
    'https://news.example/story?id=43',
    'https://news.example/story',
    'javascript:alert(1)',
    'not a url at all',
  ];
  for (const url of unseen) {
    it(`refuses ${url}`, () => {
      expect(seen().resolve(url)).toEqual({ ok: false, reason: UNSEEN_REASON });
    });
  }

  it('takes a URL without a scheme', () => {
    expect(seen().resolve('docs.example/guide/')).toMatchObject({
      ok: true,
      url: 'https://docs.example/guide/',
    });
  });

  it('keeps the most trusted source of a URL seen twice', () => {
    const s = new SeenUrls();
    s.add('https://a.example/', 'page');
    s.add('https://a.example/', 'user');
    s.add('https://a.example/', 'search');
    expect(s.resolve('https://a.example/')).toMatchObject({ source: 'user' });
    expect(s.size).toBe(1);
  });

  it('compares exact keys', () => {
    expect(exactUrlKey('HTTPS://Ex.COM')).toBe('https://ex.com/');
    expect(exactUrlKey('https://ex.com/a?b=1#c')).toBe('https://ex.com/a?b=1#c');
    expect(exactUrlKey('https://u:p@ex.com/')).toBe('https://u:p@ex.com/');
    expect(exactUrlKey('ftp://ex.com/')).toBeUndefined();
  });
});
