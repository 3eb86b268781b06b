import { describe, expect, it } from 'vitest';
import type { ProviderId } from '../../../../src/settings/provider-ids';
import { createProvider } from '../../../../src/tools/search/create-provider';
import { SearchError } from '../../../../src/tools/search/errors';
import type { FetchFn, ProviderConfig } from '../../../../src/tools/search/types';
import { fixture, networkDown, parseHtml, respondWith, slowFetch } from './fake-fetch';

// Failure behaviour shared by every provider: each must turn HTTP trouble into a typed, plain-words error.
const cases: Array<{ id: ProviderId; config: ProviderConfig; label: string; needsKey: boolean }> = [
  { id: 'duckduckgo', config: {}, label: 'DuckDuckGo', needsKey: false },
  { id: 'searxng', config: { baseUrl: 'https://searx.example.org' }, label: 'SearXNG', needsKey: false },
  { id: 'brave', config: { apiKey: 'BSA-test-key' }, label: 'Brave Search', needsKey: true },
  { id: 'tavily', config: { apiKey: 'tvly-test-key' }, label: 'Tavily', needsKey: true },
  { id: 'serper', config: { apiKey: 'serper-test-key' }, label: 'Serper', needsKey: true },
  {
    id: 'google',
    config: { apiKey: 'AIza-test-key', engineId: '0123456789abcdef' },
    label: 'Google Programmable Search',
    needsKey: true,
  },
  { id: 'jina', config: { apiKey: 'jina_test_key' }, label: 'Jina Search', needsKey: true },
  { id: 'wikipedia', config: {}, label: 'Wikipedia', needsKey: false },
];

async function failure(id: ProviderId, config: ProviderConfig, fetch: FetchFn, signal?: AbortSignal) {
  const provider = createProvider(id, config, { fetch, parseHtml });
  const error = await provider.search('lisbon', signal ? { signal } : {}).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(SearchError);
  return error as SearchError;
}

describe.each(cases)('$id provider failures', ({ id, config, label, needsKey }) => {
  it('401 is a rejected key for keyed providers and a refusal otherwise', async () => {
    const error = await failure(id, config, respondWith('{"error":"unauthorized"}', 401));
    expect(error.kind).toBe(needsKey ? 'unauthorized' : 'blocked');
    expect(error.message).toContain(label);
    if (needsKey) expect(error.message).toContain('Check the key in Options → Search');
  });

  it('429 is rate-limited and keeps Retry-After', async () => {
    const error = await failure(id, config, respondWith('slow down', 429, { 'Retry-After': '120' }));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
  });

  it('500 is a server error', async () => {
    const error = await failure(id, config, respondWith('<h1>Internal Server Error</h1>', 500));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
  });

  it('a request cut off by its timeout is a timeout', async () => {
    const error = await failure(id, config, slowFetch(), AbortSignal.timeout(20));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`${label} took too long to answer.`);
  });

  it('an unreachable network is a network error', async () => {
    const error = await failure(id, config, networkDown());
    expect(error.kind).toBe('network');
  });

  it('a malformed body is a typed error, not a crash', async () => {
    const body = id === 'duckduckgo' ? fixture('duckduckgo-changed-layout.html') : fixture('malformed.json');
    const error = await failure(id, config, respondWith(body));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('could not read');
  });

  it('a user abort propagates as an abort, not a search error', async () => {
    const controller = new AbortController();
    const provider = createProvider(id, config, { fetch: slowFetch(), parseHtml });
    const pending = provider.search('lisbon', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('never puts the API key into an error message', async () => {
    for (const status of [400, 401, 403, 429, 500]) {
      const error = await failure(id, config, respondWith('{}', status));
      if (config.apiKey) expect(error.message).not.toContain(config.apiKey);
    }
  });
});

describe('missing settings', () => {
  it.each([
    ['brave', {}, 'Brave Search needs an API key'],
    ['tavily', { apiKey: '  ' }, 'Tavily needs an API key'],
    ['serper', {}, 'Serper needs an API key'],
    ['jina', {}, 'Jina Search needs an API key'],
    ['google', { apiKey: 'k' }, 'search engine ID (cx)'],
    ['searxng', {}, 'SearXNG needs the address of a SearXNG instance'],
  ] as const)('%s without its settings is a config error and sends nothing', async (id, config, text) => {
    const fetch = respondWith('{}');
    const error = await failure(id, config, fetch);
    expect(error.kind).toBe('config');
    expect(error.message).toContain(text);
    expect(fetch.requests).toHaveLength(0);
  });

  it('a SearXNG address that is not http(s) is a config error', async () => {
    const error = await failure('searxng', { baseUrl: 'ftp://searx.example' }, respondWith('{}'));
    expect(error.kind).toBe('config');
  });
});
