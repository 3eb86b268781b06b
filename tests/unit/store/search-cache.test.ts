import { afterEach, describe, expect, it } from 'vitest';
import type { SearchCache, SearchCacheEntry, Store } from '../../../src/store';
import { freshStore, type TestClock, testClock } from './helpers';

const MINUTE = 60_000;

describe('search cache repository', () => {
  let store: Store;
  let clock: TestClock;

  afterEach(() => store.close());

  async function setup(): Promise<void> {
    clock = testClock();
    store = await freshStore({ now: clock.now });
  }

  function entry(ttlMs: number): SearchCacheEntry {
    return {
      hits: [{ title: 'Eiffel Tower', url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', snippet: '1889' }],
      provider: 'duckduckgo',
      createdAt: clock.now(),
      expiresAt: clock.now() + ttlMs,
    };
  }

  it('returns an entry until it expires, then nothing', async () => {
    await setup();
    const cache: SearchCache = store.searchCache;
    const stored = entry(10 * MINUTE);
    await cache.put('ddg:en:eiffel tower', stored);
    clock.advance(10 * MINUTE - 1);
    expect(await cache.get('ddg:en:eiffel tower')).toEqual(stored);
    clock.advance(1);
    expect(await cache.get('ddg:en:eiffel tower')).toBeUndefined();
    expect(await cache.get('ddg:en:never searched')).toBeUndefined();
  });

  it('prunes expired entries and keeps live ones', async () => {
    await setup();
    await store.searchCache.put('short', entry(MINUTE));
    await store.searchCache.put('shorter', entry(MINUTE / 2));
    await store.searchCache.put('long', entry(60 * MINUTE));
    clock.advance(MINUTE);
    expect(await store.searchCache.pruneExpired()).toBe(2);
    expect(await store.db.count('searchCache')).toBe(1);
    clock.advance(-MINUTE);
    // Even with the clock turned back, pruned entries stay gone: they were deleted, not hidden.
    expect(await store.searchCache.get('short')).toBeUndefined();
    expect(await store.searchCache.get('long')).toBeDefined();
  });

  it('replaces an entry stored under the same key', async () => {
    await setup();
    await store.searchCache.put('k', entry(MINUTE));
    const newer = { ...entry(MINUTE), provider: 'brave' };
    await store.searchCache.put('k', newer);
    expect((await store.searchCache.get('k'))?.provider).toBe('brave');
  });
});
