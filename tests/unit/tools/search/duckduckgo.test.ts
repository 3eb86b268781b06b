import { describe, expect, it } from 'vitest';
import { unwrapDuckDuckGoLink } from '../../../../src/tools/search/ddg-parse';
import { SearchError } from '../../../../src/tools/search/errors';
import {
  createDuckDuckGoProvider,
  duckDuckGoRegion,
} from '../../../../src/tools/search/providers/duckduckgo';
import { fixture, parseHtml, respondWith } from './fake-fetch';

describe('DuckDuckGo provider', () => {
  it('POSTs the query to the HTML endpoint and reads the results page', async () => {
    const fetch = respondWith(fixture('duckduckgo-results.html'));
    const hits = await createDuckDuckGoProvider({}, { fetch, parseHtml }).search('lisbon', {});

    const [req] = fetch.requests;
    expect(req?.url).toBe('https://html.duckduckgo.com/html/');
    expect(req?.method).toBe('POST');
    expect(req?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(req?.body).get('q')).toBe('lisbon');

    // 12 organic results, one ad, one tracking-param duplicate: ten distinct hits reach the model.
    expect(hits).toHaveLength(10);
    expect(hits[0]).toEqual({
      title: 'Lisbon - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Lisbon',
      snippet:
        'Lisbon is the capital and largest city of Portugal, with an estimated population of 567,131 as of 2023 within its administrative limits.',
      date: '2024-11-02',
    });
    expect(hits.map((h) => h.url)).not.toContain(expect.stringContaining('duckduckgo.com'));
    expect(hits.some((h) => h.title.includes('Cheap Lisbon Hotels'))).toBe(false);
  });

  it('unwraps redirect links, strips tracking parameters and decodes entities', async () => {
    const fetch = respondWith(fixture('duckduckgo-results.html'));
    const hits = await createDuckDuckGoProvider({}, { fetch, parseHtml }).search('lisbon', {});
    const visit = hits.find((h) => h.url.includes('visitlisboa'));
    expect(visit).toEqual({
      title: 'Visit Lisboa — Official Tourism Website',
      url: 'https://www.visitlisboa.com/en/about-lisbon',
      snippet:
        "Discover Lisbon's neighbourhoods, viewpoints & museums. Plan your trip with the official guide.",
    });
    expect(hits.filter((h) => h.url.includes('visitlisboa'))).toHaveLength(1);
    const lonely = hits.find((h) => h.url.includes('lonelyplanet'));
    expect(lonely?.snippet).toBe("Lisbon's hilltop castle, trams and tiled facades …");
    const timeout = hits.find((h) => h.url.includes('timeout.com'));
    expect(timeout?.url).toBe('https://www.timeout.com/lisbon/things-to-do/best-things-to-do-in-lisbon');
  });

  it('a captcha / anomaly page is a "blocked" error', async () => {
    const fetch = respondWith(fixture('duckduckgo-anomaly.html'), 202);
    const error = await createDuckDuckGoProvider({}, { fetch, parseHtml })
      .search('lisbon', {})
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ kind: 'blocked' });
    expect((error as SearchError).message).toContain('bot check');
  });

  it('a page that says "No results" is an empty answer, not an error', async () => {
    const fetch = respondWith(fixture('duckduckgo-no-results.html'));
    await expect(createDuckDuckGoProvider({}, { fetch, parseHtml }).search('qwxzyv', {})).resolves.toEqual(
      [],
    );
  });

  it('does not mistake a result snippet about bots for the bot check', async () => {
    const page = fixture('duckduckgo-results.html').replace(
      'Official website of the Lisbon City Council.',
      'Unfortunately, bots use DuckDuckGo too, says this article.',
    );
    const hits = await createDuckDuckGoProvider({}, { fetch: respondWith(page), parseHtml }).search('x', {});
    expect(hits).toHaveLength(10);
  });

  it('searches CJK queries in the Chinese region', async () => {
    const fetch = respondWith(fixture('duckduckgo-no-results.html'));
    await createDuckDuckGoProvider({}, { fetch, parseHtml }).search('里斯本 人口', { locale: 'en-US' });
    expect(new URLSearchParams(fetch.requests[0]?.body).get('kl')).toBe('cn-zh');
  });

  it('maps locales to DuckDuckGo regions', () => {
    expect(duckDuckGoRegion('zh-CN')).toBe('cn-zh');
    expect(duckDuckGoRegion('zh-TW')).toBe('tw-tzh');
    expect(duckDuckGoRegion('en-GB')).toBe('uk-en');
    expect(duckDuckGoRegion('de-DE')).toBe('de-de');
    expect(duckDuckGoRegion('ja-JP')).toBe('jp-jp');
    expect(duckDuckGoRegion(undefined)).toBeUndefined();
  });
});

describe('unwrapDuckDuckGoLink', () => {
  it('extracts the uddg target and drops ads and internal links', () => {
    expect(
      unwrapDuckDuckGoLink('//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&rut=abc'),
    ).toBe('https://example.com/a?b=1');
    expect(unwrapDuckDuckGoLink('https://duckduckgo.com/y.js?ad_domain=x')).toBeUndefined();
    expect(unwrapDuckDuckGoLink('/html/?q=next')).toBeUndefined();
    expect(unwrapDuckDuckGoLink('https://example.org/direct')).toBe('https://example.org/direct');
    expect(unwrapDuckDuckGoLink('')).toBeUndefined();
  });
});
