import { describe, expect, it } from 'vitest';
import { createSearchChain, searchFailureOf } from '../../../../src/tools/search/chain';
import { createProvider } from '../../../../src/tools/search/create-provider';
import type { FetchFn } from '../../../../src/tools/search/types';
import { networkDown, parseHtml, respondWith } from './fake-fetch';

const clock = { now: () => 0 };
const refused: FetchFn = async () => {
  // What Node's fetch throws for a port nobody listens on; a browser says only "Failed to fetch".
  throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
};

async function failOf(baseUrl: string, fetch: FetchFn) {
  const provider = createProvider('searxng', { baseUrl }, { fetch, parseHtml });
  const chain = createSearchChain([provider], { clock, timeoutMs: 5000 });
  const err = await chain.search('lisbon').then(
    () => undefined,
    (e: unknown) => e,
  );
  return { err: err as Error, info: searchFailureOf(err) };
}

describe('a failed search carries its cause as data for the panel', () => {
  it('a SearXNG on 127.0.0.1 that is down is a local server, not the internet', async () => {
    const { err, info } = await failOf('http://127.0.0.1:8888', refused);
    expect(info).toEqual({
      code: 'search-unreachable',
      params: { provider: 'SearXNG', host: '127.0.0.1:8888', reach: 'loopback', cause: 'refused' },
    });
    // The model's English text says where to look too, and no longer blames the connection.
    expect(err.message).toContain('Is the server at 127.0.0.1:8888 running?');
    expect(err.message).not.toContain('internet');
  });

  it('a LAN name and a public host are told apart', async () => {
    expect((await failOf('http://searx.home.arpa', networkDown())).info?.params).toMatchObject({
      reach: 'lan',
    });
    expect((await failOf('http://192.168.1.20:8080', networkDown())).info?.params).toMatchObject({
      reach: 'lan',
    });
    const pub = await failOf('https://searx.example.org', networkDown());
    expect(pub.info?.params).toMatchObject({ reach: 'public' });
    expect(pub.err.message).toContain('Check the internet connection');
  });

  it('an HTTP status keeps its code and status', async () => {
    const { info } = await failOf('https://searx.example.org', respondWith('nope', 403));
    expect(info).toEqual({ code: 'search-no-json', params: { provider: 'SearXNG' } });
    const busy = await failOf('https://searx.example.org', respondWith('busy', 503));
    expect(busy.info).toEqual({ code: 'search-server-error', params: { provider: 'SearXNG', status: 503 } });
  });

  it('no provider set up has its own code', async () => {
    const chain = createSearchChain([], { clock, timeoutMs: 5000 });
    const err = await chain.search('x').catch((e: unknown) => e);
    expect(searchFailureOf(err)).toEqual({ code: 'search-none-set-up', params: {} });
  });
});
