import { describe, expect, it } from 'vitest';
import type { ProviderId } from '../../../../src/settings/provider-ids';
import { createMemoryCache, type SearchCache } from '../../../../src/tools/search/cache';
import { createSearchChain, SearchChainError } from '../../../../src/tools/search/chain';
import { SearchError, type SearchErrorKind } from '../../../../src/tools/search/errors';
import type { SearchHit, SearchOptions, SearchProvider } from '../../../../src/tools/search/types';

const hit = (n: number): SearchHit => ({
  title: `Result ${n}`,
  url: `https://example.com/${n}`,
  snippet: 's',
});

type Behaviour = SearchHit[] | SearchError | 'hang';

/** A scripted provider: each call takes the next behaviour (the last one repeats). */
function scripted(id: ProviderId, label: string, ...script: Behaviour[]) {
  const calls: Array<{ query: string; opts: SearchOptions }> = [];
  const provider: SearchProvider & { calls: typeof calls } = {
    id,
    label,
    needsKey: false,
    calls,
    async search(query, opts) {
      calls.push({ query, opts });
      const next = script[Math.min(calls.length - 1, script.length - 1)] ?? [];
      if (next === 'hang') return new Promise<SearchHit[]>(() => undefined);
      if (next instanceof SearchError) throw next;
      return next;
    },
  };
  return provider;
}

const fail = (kind: SearchErrorKind, message: string, retryAfterMs?: number) =>
  new SearchError(kind, message, retryAfterMs === undefined ? {} : { retryAfterMs });

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('failover', () => {
  it('the next provider answers when the first is rate limited, and the first is then skipped', async () => {
    const clock = fakeClock();
    const ddg = scripted('duckduckgo', 'DuckDuckGo', fail('rate-limited', 'DuckDuckGo: too many'), [hit(1)]);
    const brave = scripted('brave', 'Brave Search', [hit(2)]);
    const chain = createSearchChain([ddg, brave], { clock, timeoutMs: 1000 });

    expect(await chain.search('one')).toEqual({ hits: [hit(2)], provider: 'brave', fromCache: false });
    await chain.search('two');
    expect(ddg.calls).toHaveLength(1);
    expect(brave.calls).toHaveLength(2);

    clock.advance(30_001);
    expect(await chain.search('three')).toMatchObject({ provider: 'duckduckgo' });
    expect(ddg.calls).toHaveLength(2);
  });

  it('backs off exponentially per provider and honours Retry-After', async () => {
    const clock = fakeClock();
    const ddg = scripted('duckduckgo', 'DuckDuckGo', fail('blocked', 'captcha'));
    const wiki = scripted('wikipedia', 'Wikipedia', [hit(1)]);
    const chain = createSearchChain([ddg, wiki], { clock, timeoutMs: 1000 });
    const pausedFor = () => (chain.status()[0]?.pausedUntil ?? clock.now()) - clock.now();

    await chain.search('a');
    expect(pausedFor()).toBe(30_000);
    clock.advance(30_000);
    await chain.search('b');
    expect(pausedFor()).toBe(60_000);
    clock.advance(60_000);
    await chain.search('c');
    expect(pausedFor()).toBe(120_000);

    const limited = scripted('brave', 'Brave Search', fail('rate-limited', 'slow', 600_000));
    const chain2 = createSearchChain([limited, wiki], { clock, timeoutMs: 1000 });
    await chain2.search('d');
    expect((chain2.status()[0]?.pausedUntil ?? 0) - clock.now()).toBe(600_000);
  });

  it('a rejected key falls through with a fixed pause that does not grow', async () => {
    const clock = fakeClock();
    const brave = scripted(
      'brave',
      'Brave Search',
      fail('unauthorized', 'Brave Search rejected the API key (401).'),
    );
    const ddg = scripted('duckduckgo', 'DuckDuckGo', [hit(1)]);
    const chain = createSearchChain([brave, ddg], { clock, timeoutMs: 1000 });
    for (const q of ['a', 'b', 'c']) {
      expect(await chain.search(q)).toMatchObject({ provider: 'duckduckgo' });
      expect((chain.status()[0]?.pausedUntil ?? 0) - clock.now()).toBe(300_000);
      clock.advance(300_000);
    }
    expect(brave.calls).toHaveLength(3);
  });

  it('a success clears the pause history', async () => {
    const clock = fakeClock();
    const ddg = scripted('duckduckgo', 'DuckDuckGo', fail('server', 'e'), [hit(1)], fail('server', 'e'));
    const wiki = scripted('wikipedia', 'Wikipedia', [hit(2)]);
    const chain = createSearchChain([ddg, wiki], { clock, timeoutMs: 1000 });
    await chain.search('a');
    clock.advance(30_000);
    expect(await chain.search('b')).toMatchObject({ provider: 'duckduckgo' });
    await chain.search('c');
    expect((chain.status()[0]?.pausedUntil ?? 0) - clock.now()).toBe(30_000);
  });

  it('a provider that never answers times out and the next one answers', async () => {
    const clock = fakeClock();
    const stuck = scripted('searxng', 'SearXNG', 'hang');
    const wiki = scripted('wikipedia', 'Wikipedia', [hit(1)]);
    const chain = createSearchChain([stuck, wiki], { clock, timeoutMs: 30 });
    expect(await chain.search('x')).toMatchObject({ provider: 'wikipedia' });
    expect(chain.status()[0]?.lastMessage).toBe('SearXNG took too long to answer.');
  });

  it('when every provider fails, the error names each one and why', async () => {
    const clock = fakeClock();
    const ddg = scripted(
      'duckduckgo',
      'DuckDuckGo',
      fail('blocked', 'DuckDuckGo showed a bot check (captcha).'),
    );
    const brave = scripted(
      'brave',
      'Brave Search',
      fail('unauthorized', 'Brave Search rejected the API key (401).'),
    );
    const chain = createSearchChain([ddg, brave], { clock, timeoutMs: 1000 });

    const first = await chain.search('x').catch((err: unknown) => err);
    expect(first).toBeInstanceOf(SearchChainError);
    expect((first as Error).message).toBe(
      'No search provider could answer. DuckDuckGo showed a bot check (captcha). Brave Search rejected the API key (401).',
    );
    expect((first as SearchChainError).retryAt).toBe(clock.now() + 30_000);

    clock.advance(10_000);
    const second = (await chain.search('y').catch((err: unknown) => err)) as SearchChainError;
    expect(second.message).toBe(
      'No search provider could answer. DuckDuckGo is paused for another 20 s (bot check). ' +
        'Brave Search is paused for another 5 min (API key rejected).',
    );
    expect(second.failures.map((f) => [f.provider, f.kind, f.skipped])).toEqual([
      ['duckduckgo', 'blocked', true],
      ['brave', 'unauthorized', true],
    ]);
    expect(ddg.calls).toHaveLength(1);
  });

  it('a user abort stops the search without trying other providers', async () => {
    const stuck = scripted('duckduckgo', 'DuckDuckGo', 'hang');
    const wiki = scripted('wikipedia', 'Wikipedia', [hit(1)]);
    const chain = createSearchChain([stuck, wiki], { clock: fakeClock(), timeoutMs: 5000 });
    const controller = new AbortController();
    const pending = chain.search('x', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(wiki.calls).toHaveLength(0);
    expect(chain.status()[0]?.pausedUntil).toBeUndefined();
  });

  it('says so when no provider is configured, and refuses an empty query', async () => {
    const chain = createSearchChain([], { clock: fakeClock(), timeoutMs: 1000 });
    await expect(chain.search('x')).rejects.toThrow('No search provider is set up');
    const one = createSearchChain([scripted('wikipedia', 'Wikipedia', [])], {
      clock: fakeClock(),
      timeoutMs: 1000,
    });
    await expect(one.search('   ')).rejects.toMatchObject({ kind: 'config' });
  });

  it('resetBackoff makes a paused provider eligible again', async () => {
    const ddg = scripted('duckduckgo', 'DuckDuckGo', fail('server', 'e'), [hit(1)]);
    const wiki = scripted('wikipedia', 'Wikipedia', [hit(2)]);
    const chain = createSearchChain([ddg, wiki], { clock: fakeClock(), timeoutMs: 1000 });
    await chain.search('a');
    chain.resetBackoff('duckduckgo');
    expect(await chain.search('b')).toMatchObject({ provider: 'duckduckgo' });
  });
});

describe('locale', () => {
  it('passes a Chinese locale for CJK queries and the caller locale otherwise', async () => {
    const wiki = scripted('wikipedia', 'Wikipedia', [hit(1)]);
    const chain = createSearchChain([wiki], { clock: fakeClock(), timeoutMs: 1000 });
    await chain.search('量子计算 最新进展', { locale: 'en-US' });
    await chain.search('quantum computing', { locale: 'en-US' });
    expect(wiki.calls.map((c) => c.opts.locale)).toEqual(['zh-CN', 'en-US']);
  });
});

describe('cache', () => {
  it('answers a repeated query from the cache, whatever the spacing or case', async () => {
    const clock = fakeClock();
    const cache = createMemoryCache();
    const ddg = scripted('duckduckgo', 'DuckDuckGo', [hit(1)]);
    const chain = createSearchChain([ddg], { clock, cache, timeoutMs: 1000 });
    await chain.search('Lisbon population');
    expect(await chain.search('  lisbon   POPULATION ')).toEqual({
      hits: [hit(1)],
      provider: 'duckduckgo',
      fromCache: true,
    });
    expect(ddg.calls).toHaveLength(1);
  });

  it('entries expire after 24 hours by default', async () => {
    const clock = fakeClock();
    const ddg = scripted('duckduckgo', 'DuckDuckGo', [hit(1)]);
    const chain = createSearchChain([ddg], { clock, cache: createMemoryCache(), timeoutMs: 1000 });
    await chain.search('q');
    clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await chain.search('q')).fromCache).toBe(true);
    clock.advance(1);
    expect((await chain.search('q')).fromCache).toBe(false);
  });

  it('does not cache empty answers, and keys include the locale', async () => {
    const cache = createMemoryCache();
    const ddg = scripted('duckduckgo', 'DuckDuckGo', [], [hit(1)]);
    const chain = createSearchChain([ddg], { clock: fakeClock(), cache, timeoutMs: 1000 });
    await chain.search('q');
    expect(cache.size).toBe(0);
    await chain.search('q', { locale: 'en-US' });
    expect((await chain.search('q', { locale: 'de-DE' })).fromCache).toBe(false);
    expect((await chain.search('q', { locale: 'en-US' })).fromCache).toBe(true);
  });

  it('keeps searching when the cache itself fails', async () => {
    const broken: SearchCache = {
      get: () => Promise.reject(new Error('QuotaExceededError')),
      put: () => Promise.reject(new Error('QuotaExceededError')),
    };
    const chain = createSearchChain([scripted('wikipedia', 'Wikipedia', [hit(1)])], {
      clock: fakeClock(),
      cache: broken,
      timeoutMs: 1000,
    });
    expect(await chain.search('q')).toMatchObject({ provider: 'wikipedia', fromCache: false });
  });
});
