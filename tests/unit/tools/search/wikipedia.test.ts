import { describe, expect, it } from 'vitest';
import {
  createWikipediaProvider,
  wikipediaArticleUrl,
  wikipediaLanguage,
} from '../../../../src/tools/search/providers/wikipedia';
import { fixture, respondWith } from './fake-fetch';

describe('Wikipedia provider', () => {
  it('searches English Wikipedia and builds article links', async () => {
    const fetch = respondWith(fixture('wikipedia-en.json'));
    const hits = await createWikipediaProvider({}, { fetch }).search('einstein', {});
    const url = new URL(fetch.requests[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://en.wikipedia.org/w/api.php');
    expect(url.searchParams.get('list')).toBe('search');
    expect(url.searchParams.get('srsearch')).toBe('einstein');
    expect(url.searchParams.get('origin')).toBe('*');
    expect(hits[0]).toEqual({
      title: 'Albert Einstein',
      url: 'https://en.wikipedia.org/wiki/Albert_Einstein',
      snippet: expect.stringMatching(/^Albert Einstein \(14 March 1879/),
      date: '2025-03-30',
    });
    expect(hits[1]?.snippet).toContain('"within" it');
    expect(hits[2]?.url).toBe('https://en.wikipedia.org/wiki/AC/DC:_Let_There_Be_Rock');
  });

  it('searches Chinese Wikipedia for Chinese queries', async () => {
    const fetch = respondWith(fixture('wikipedia-zh.json'));
    const hits = await createWikipediaProvider({}, { fetch }).search('量子计算', { locale: 'en-US' });
    expect(new URL(fetch.requests[0]?.url ?? '').hostname).toBe('zh.wikipedia.org');
    expect(hits[0]?.url).toBe('https://zh.wikipedia.org/wiki/%E9%87%8F%E5%AD%90%E8%AE%A1%E7%AE%97%E6%9C%BA');
    expect(hits[0]?.snippet).toBe('量子计算机是一种使用量子逻辑进行通用计算的设备');
  });

  it('reads an API error body with status 200 as rate-limited', async () => {
    const fetch = respondWith(fixture('wikipedia-ratelimited.json'));
    const error = await createWikipediaProvider({}, { fetch })
      .search('x', {})
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ kind: 'rate-limited', message: expect.stringContaining('ratelimited') });
  });

  it('picks the wiki language from the query script', () => {
    expect(wikipediaLanguage('tokyo tower')).toBe('en');
    expect(wikipediaLanguage('東京タワー')).toBe('ja');
    expect(wikipediaLanguage('서울 타워')).toBe('ko');
    expect(wikipediaLanguage('上海中心大厦 高度')).toBe('zh');
    expect(wikipediaArticleUrl('en', 'C++')).toBe('https://en.wikipedia.org/wiki/C%2B%2B');
  });
});
