import { describe, expect, it } from 'vitest';
import { originsFor, PROVIDERS } from '../../../../src/tools/search/catalog';
import { cleanText, decodeEntities } from '../../../../src/tools/search/clean-text';
import { finalizeHits } from '../../../../src/tools/search/hits';
import { cjkLocale, effectiveLocale } from '../../../../src/tools/search/locale';

describe('cleanText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(cleanText('<b>Tom</b> &amp;\n  Jerry&#39;s   <span class="x">show</span>&nbsp;&#x1F600;')).toBe(
      "Tom & Jerry's show 😀",
    );
    expect(decodeEntities('&unknown; &#0; &lt;b&gt;')).toBe('&unknown; &#0; <b>');
  });

  it('caps the length with an ellipsis', () => {
    expect(cleanText('word '.repeat(50), 20)).toBe('word word word word…');
  });
});

describe('finalizeHits', () => {
  it('dedupes by normalised URL, drops non-web links and keeps at most ten', () => {
    const raw = [
      { title: 'A', url: 'https://example.com/a?utm_source=x', snippet: 'first' },
      { title: 'A again', url: 'https://EXAMPLE.com/a/', snippet: 'dup' },
      { title: 'Bad', url: 'javascript:alert(1)', snippet: '' },
      { title: 'No url', url: null },
      ...Array.from({ length: 15 }, (_, i) => ({
        title: `T${i}`,
        url: `https://example.org/${i}`,
        snippet: null,
      })),
    ];
    const hits = finalizeHits(raw);
    expect(hits).toHaveLength(10);
    expect(hits[0]).toEqual({ title: 'A', url: 'https://example.com/a', snippet: 'first' });
    expect(hits[1]).toEqual({ title: 'T0', url: 'https://example.org/0', snippet: '' });
  });

  it('falls back to the host name for an empty title', () => {
    expect(finalizeHits([{ title: ' <b></b> ', url: 'https://example.net/x' }])[0]?.title).toBe(
      'example.net',
    );
  });
});

describe('query locale', () => {
  it('detects Chinese, Japanese and Korean queries', () => {
    expect(cjkLocale('北京 天气')).toBe('zh-CN');
    expect(cjkLocale('東京の天気')).toBe('ja-JP');
    expect(cjkLocale('서울 날씨')).toBe('ko-KR');
    expect(cjkLocale('weather in Paris')).toBeUndefined();
    expect(effectiveLocale('北京', 'en-US')).toBe('zh-CN');
    expect(effectiveLocale('Paris', 'fr-FR')).toBe('fr-FR');
    expect(effectiveLocale('Paris', ' ')).toBeUndefined();
  });
});

describe('provider catalog', () => {
  it('lists every provider once with the settings it needs', () => {
    expect(PROVIDERS.map((p) => p.id)).toEqual([
      'duckduckgo',
      'searxng',
      'brave',
      'tavily',
      'serper',
      'google',
      'jina',
      'wikipedia',
    ]);
    expect(PROVIDERS.filter((p) => !p.needsKey).map((p) => p.id)).toEqual([
      'duckduckgo',
      'searxng',
      'wikipedia',
    ]);
    expect(PROVIDERS.find((p) => p.id === 'google')?.needsEngineId).toBe(true);
  });

  it('gives host permission patterns, from the base URL where one is set', () => {
    expect(originsFor('brave', {})).toEqual(['https://api.search.brave.com/*']);
    expect(originsFor('searxng', { baseUrl: 'http://localhost:8888/' })).toEqual(['http://localhost/*']);
    expect(originsFor('searxng', {})).toEqual([]);
    expect(originsFor('wikipedia', { baseUrl: 'https://evil.example' })).toEqual([
      'https://*.wikipedia.org/*',
    ]);
  });
});
