import { describe, expect, it } from 'vitest';
import { cleanUrl, urlKey } from '../../../src/security/normalize-url';

describe('urlKey', () => {
  it('treats host case, fragment, tracking params, trailing slash and param order as the same page', () => {
    const key = urlKey('https://example.com/a/b?x=1&y=2');
    for (const variant of [
      'https://EXAMPLE.com/a/b/?y=2&x=1',
      'https://example.com/a/b?x=1&y=2#section',
      'https://example.com/a/b?utm_source=news&x=1&fbclid=abc&y=2&gclid=z',
      'https://example.com.:443/a/b?x=1&y=2',
    ]) {
      expect(urlKey(variant)).toBe(key);
    }
    expect(urlKey('https://example.com/')).toBe(urlKey('https://example.com'));
  });

  it('keeps differences that change the page', () => {
    expect(urlKey('https://example.com/a?id=1')).not.toBe(urlKey('https://example.com/a?id=2'));
    expect(urlKey('https://example.com/a')).not.toBe(urlKey('https://example.com/b'));
    expect(urlKey('https://a.example.com/')).not.toBe(urlKey('https://b.example.com/'));
  });

  it('rejects non-web URLs', () => {
    expect(urlKey('javascript:alert(1)')).toBeUndefined();
    expect(urlKey('mailto:x@example.com')).toBeUndefined();
    expect(urlKey('not a url')).toBeUndefined();
  });
});

describe('cleanUrl', () => {
  it('removes tracking params and fragment but keeps the rest', () => {
    expect(cleanUrl('https://example.com/p?utm_medium=x&id=3#frag')?.href).toBe('https://example.com/p?id=3');
    expect(cleanUrl('https://example.com/p?utm_medium=x')?.href).toBe('https://example.com/p');
    expect(cleanUrl('https://example.com/p/?q=a%20b')?.href).toBe('https://example.com/p/?q=a%20b');
  });
});
