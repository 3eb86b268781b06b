import { describe, expect, it } from 'vitest';
import { extractUrls, ProvenanceSet, UNSEEN_URL_REASON } from '../../../src/security/provenance';

describe('ProvenanceSet', () => {
  it('allows URLs seen in search results, ignoring tracking params, fragment, case and trailing slash', () => {
    const seen = new ProvenanceSet();
    seen.add('https://Example.com/article/?utm_source=x&id=7#top', 'search');
    expect(seen.check('https://example.com/article?id=7')).toEqual({ ok: true, source: 'search' });
    expect(seen.check('https://www.example.com/article/?id=7&fbclid=abc').ok).toBe(true);
    expect(seen.check('http://example.com/article?id=7').ok).toBe(true);
    expect(seen.check('example.com/article?id=7').ok).toBe(true);
  });

  it('refuses a URL the model made up, with a plain explanation', () => {
    const seen = new ProvenanceSet();
    seen.add('https://example.com/article', 'search');
    expect(seen.check('https://example.com/article?leak=secret-data')).toEqual({
      ok: false,
      reason: UNSEEN_URL_REASON,
    });
    expect(seen.check('https://attacker.example/collect?d=1').ok).toBe(false);
    expect(UNSEEN_URL_REASON).toContain('only opens links it has seen');
  });

  it('records links of pages read and links typed by the user', () => {
    const seen = new ProvenanceSet();
    seen.addAll(
      ['https://a.example/1', 'https://b.example/2', 'mailto:x@y.z', 'javascript:alert(1)'],
      'page',
    );
    seen.addFromText('Compare https://docs.example.org/guide (the official one) with wiki.example.net/page.');
    expect(seen.check('https://b.example/2')).toEqual({ ok: true, source: 'page' });
    expect(seen.check('https://docs.example.org/guide')).toEqual({ ok: true, source: 'user' });
    expect(seen.check('https://wiki.example.net/page')).toEqual({ ok: true, source: 'user' });
    expect(seen.size).toBe(4);
  });

  it('keeps the most trusted source when a URL is seen twice', () => {
    const seen = new ProvenanceSet();
    seen.add('https://example.com/x', 'user');
    seen.add('https://example.com/x', 'page');
    expect(seen.check('https://example.com/x')).toEqual({ ok: true, source: 'user' });
  });

  it('round-trips through entries() for resumed sessions', () => {
    const seen = new ProvenanceSet();
    seen.add('https://example.com/x', 'search');
    const restored = new ProvenanceSet(seen.entries());
    expect(restored.has('https://example.com/x/')).toBe(true);
    expect(restored.has('https://example.com/y')).toBe(false);
  });
});

describe('extractUrls', () => {
  it('finds links in prose without trailing punctuation or closing brackets', () => {
    expect(extractUrls('See (https://en.wikipedia.org/wiki/Foo_(bar)), and https://x.example/a.')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://x.example/a',
    ]);
  });

  it('does not turn email addresses or version numbers into links', () => {
    expect(extractUrls('mail me at someone@example.com about v1.2.3')).toEqual([]);
  });
});
