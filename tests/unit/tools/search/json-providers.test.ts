import { describe, expect, it } from 'vitest';
import { createBraveProvider } from '../../../../src/tools/search/providers/brave';
import { createGoogleProvider } from '../../../../src/tools/search/providers/google';
import { createJinaProvider } from '../../../../src/tools/search/providers/jina';
import { createSearxngProvider } from '../../../../src/tools/search/providers/searxng';
import { createSerperProvider } from '../../../../src/tools/search/providers/serper';
import { createTavilyProvider } from '../../../../src/tools/search/providers/tavily';
import { fixture, respondWith } from './fake-fetch';

const reject = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('SearXNG', () => {
  it('asks the instance for JSON and returns clean, de-duplicated web links', async () => {
    const fetch = respondWith(fixture('searxng.json'));
    const provider = createSearxngProvider({ baseUrl: 'https://searx.example.org/' }, { fetch });
    const hits = await provider.search('rust async runtime', { locale: 'en-US' });
    const url = new URL(fetch.requests[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://searx.example.org/search');
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('q')).toBe('rust async runtime');
    expect(url.searchParams.get('language')).toBe('en');
    expect(hits.map((h) => h.url)).toEqual([
      'https://tokio.rs/',
      'https://rust-lang.github.io/async-book/',
      'https://docs.rs/async-std/latest/async_std/',
    ]);
    expect(hits[1]?.date).toBe('2024-06-11T00:00:00');
  });

  it('uses language=zh for Chinese queries', async () => {
    const fetch = respondWith(fixture('searxng.json'));
    await createSearxngProvider({ baseUrl: 'https://searx.example.org' }, { fetch }).search(
      '异步 运行时',
      {},
    );
    expect(new URL(fetch.requests[0]?.url ?? '').searchParams.get('language')).toBe('zh');
  });

  it('explains a 403 as JSON output being disabled on the instance', async () => {
    const provider = createSearxngProvider(
      { baseUrl: 'https://searx.example.org' },
      { fetch: respondWith('', 403) },
    );
    expect(await reject(provider.search('x', {}))).toMatchObject({
      kind: 'config',
      message: expect.stringContaining('json'),
    });
  });

  it('reports engines that all failed so the next provider can answer', async () => {
    const fetch = respondWith(fixture('searxng-engines-failed.json'));
    const error = await reject(
      createSearxngProvider({ baseUrl: 'https://s.example' }, { fetch }).search('x', {}),
    );
    expect(error).toMatchObject({ kind: 'server', message: expect.stringContaining('google: CAPTCHA') });
  });
});

describe('Brave Search', () => {
  it('sends the subscription token and reads web results', async () => {
    const fetch = respondWith(fixture('brave.json'));
    const hits = await createBraveProvider({ apiKey: 'BSA-key' }, { fetch }).search(
      'webgpu shader-f16 support',
      {},
    );
    const req = fetch.requests[0];
    expect(req?.headers.get('x-subscription-token')).toBe('BSA-key');
    expect(req?.headers.get('accept')).toBe('application/json');
    const url = new URL(req?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://api.search.brave.com/res/v1/web/search');
    expect(url.searchParams.get('count')).toBe('10');
    expect(hits[0]).toEqual({
      title: 'WebGPU Shading Language - shader-f16',
      url: 'https://www.w3.org/TR/WGSL/',
      snippet: 'The f16 extension enables the use of the f16 type in WGSL & requires the shader-f16 feature.',
      date: '2025-02-10T08:00:00',
    });
    expect(hits[1]?.url).toBe('https://developer.mozilla.org/en-US/docs/Web/API/GPUSupportedFeatures');
    expect(hits[1]?.date).toBe('3 weeks ago');
    expect(hits).toHaveLength(3);
  });

  it('treats a response without web results as no results', async () => {
    const fetch = respondWith(fixture('brave-no-web.json'));
    await expect(createBraveProvider({ apiKey: 'k' }, { fetch }).search('qwxzyv', {})).resolves.toEqual([]);
  });

  it('asks for simplified Chinese results for CJK queries', async () => {
    const fetch = respondWith(fixture('brave-no-web.json'));
    await createBraveProvider({ apiKey: 'k' }, { fetch }).search('量子计算', {});
    expect(new URL(fetch.requests[0]?.url ?? '').searchParams.get('search_lang')).toBe('zh-hans');
  });
});

describe('Tavily', () => {
  it('POSTs JSON with a bearer key and maps content to snippets', async () => {
    const fetch = respondWith(fixture('tavily.json'));
    const hits = await createTavilyProvider({ apiKey: 'tvly-key' }, { fetch }).search(
      'Who won the 2022 final?',
      {},
    );
    const req = fetch.requests[0];
    expect(req?.url).toBe('https://api.tavily.com/search');
    expect(req?.method).toBe('POST');
    expect(req?.headers.get('authorization')).toBe('Bearer tvly-key');
    expect(JSON.parse(req?.body ?? '{}')).toMatchObject({
      query: 'Who won the 2022 final?',
      max_results: 10,
    });
    expect(hits[0]?.url).toBe('https://en.wikipedia.org/wiki/2022_FIFA_World_Cup_final');
    expect(hits[0]?.snippet).toContain('Argentina won 4–2 on penalties');
    expect(hits[1]?.date).toBe('Sun, 18 Dec 2022 19:30:00 GMT');
  });

  it('treats 432 (plan limit) as rate-limited', async () => {
    const error = await reject(
      createTavilyProvider({ apiKey: 'k' }, { fetch: respondWith('{}', 432) }).search('x', {}),
    );
    expect(error).toMatchObject({ kind: 'rate-limited', message: expect.stringContaining('quota') });
  });
});

describe('Serper', () => {
  it('POSTs to google.serper.dev with X-API-KEY and a Chinese locale for CJK queries', async () => {
    const fetch = respondWith(fixture('serper.json'));
    const hits = await createSerperProvider({ apiKey: 'serper-key' }, { fetch }).search('量子计算 最新进展', {
      locale: 'en-US',
    });
    const req = fetch.requests[0];
    expect(req?.url).toBe('https://google.serper.dev/search');
    expect(req?.headers.get('x-api-key')).toBe('serper-key');
    expect(JSON.parse(req?.body ?? '{}')).toEqual({ q: '量子计算 最新进展', num: 10, hl: 'zh-cn', gl: 'cn' });
    expect(hits).toHaveLength(3);
    expect(hits[0]?.title).toBe('量子计算 - 维基百科，自由的百科全书');
    expect(hits[1]).toMatchObject({
      url: 'https://www.example.cn/news/quantum-2025.html',
      date: '2025年3月14日',
    });
  });

  it('uses the caller locale for other queries', async () => {
    const fetch = respondWith(fixture('serper.json'));
    await createSerperProvider({ apiKey: 'k' }, { fetch }).search('quantum', { locale: 'de-DE' });
    expect(JSON.parse(fetch.requests[0]?.body ?? '{}')).toMatchObject({ hl: 'de', gl: 'de' });
  });
});

describe('Google Programmable Search', () => {
  const config = { apiKey: 'AIza-key', engineId: 'cx-123' };

  it('calls customsearch/v1 with key, cx and query', async () => {
    const fetch = respondWith(fixture('google.json'));
    const hits = await createGoogleProvider(config, { fetch }).search('indexeddb quota', {});
    const url = new URL(fetch.requests[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://www.googleapis.com/customsearch/v1');
    expect(url.searchParams.get('key')).toBe('AIza-key');
    expect(url.searchParams.get('cx')).toBe('cx-123');
    expect(url.searchParams.get('num')).toBe('10');
    expect(hits.map((h) => h.title)).toEqual([
      'Storage quotas and eviction criteria - Web APIs | MDN',
      'Storage for the web | Articles | web.dev',
    ]);
  });

  it('returns no hits when Google omits items', async () => {
    const fetch = respondWith(fixture('google-no-items.json'));
    await expect(createGoogleProvider(config, { fetch }).search('qwxzyv', {})).resolves.toEqual([]);
  });

  it('reads 400 "API key not valid" as a rejected key', async () => {
    const fetch = respondWith(fixture('google-invalid-key.json'), 400);
    const error = await reject(createGoogleProvider(config, { fetch }).search('x', {}));
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect((error as Error).message).toBe(
      'Google Programmable Search rejected the API key (400). Check the key in Options → Search.',
    );
  });

  it('reads a 403 quota error as rate-limited', async () => {
    const fetch = respondWith(fixture('google-quota.json'), 403);
    expect(await reject(createGoogleProvider(config, { fetch }).search('x', {}))).toMatchObject({
      kind: 'rate-limited',
    });
  });

  it('asks for Chinese results for CJK queries', async () => {
    const fetch = respondWith(fixture('google-no-items.json'));
    await createGoogleProvider(config, { fetch }).search('量子', {});
    const params = new URL(fetch.requests[0]?.url ?? '').searchParams;
    expect(params.get('hl')).toBe('zh-CN');
    expect(params.get('lr')).toBe('lang_zh-CN');
  });
});

describe('Jina Search', () => {
  it('sends a bearer key, asks for JSON without page contents', async () => {
    const fetch = respondWith(fixture('jina.json'));
    const hits = await createJinaProvider({ apiKey: 'jina_key' }, { fetch }).search(
      'qwen3 technical report',
      {},
    );
    const req = fetch.requests[0];
    const url = new URL(req?.url ?? '');
    expect(url.origin).toBe('https://s.jina.ai');
    expect(url.searchParams.get('q')).toBe('qwen3 technical report');
    expect(req?.headers.get('authorization')).toBe('Bearer jina_key');
    expect(req?.headers.get('accept')).toBe('application/json');
    expect(req?.headers.get('x-respond-with')).toBe('no-content');
    expect(hits[0]).toEqual({
      title: 'Qwen3 Technical Report',
      url: 'https://arxiv.org/abs/2505.09388',
      snippet: expect.stringContaining('we present Qwen3'),
      date: 'May 14, 2025',
    });
  });

  it('reads its 401 body as a rejected key', async () => {
    const fetch = respondWith(fixture('jina-unauthorized.json'), 401);
    expect(await reject(createJinaProvider({ apiKey: 'bad' }, { fetch }).search('x', {}))).toMatchObject({
      kind: 'unauthorized',
      message: 'Jina Search rejected the API key (401). Check the key in Options → Search.',
    });
  });
});
