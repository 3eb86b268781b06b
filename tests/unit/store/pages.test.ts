import { afterEach, describe, expect, it } from 'vitest';
import { isFresh, type PageRecord, type Store } from '../../../src/store';
import { freshStore, type TestClock, testClock } from './helpers';

const HOUR = 3_600_000;

function page(url: string, fetchedAt: number): PageRecord {
  return {
    url,
    finalUrl: url,
    title: 'Eiffel Tower',
    fetchedAt,
    markdown: '# Eiffel Tower\n\nCompleted in 1889.',
    lang: 'en',
    links: [{ text: 'Paris', href: 'https://en.wikipedia.org/wiki/Paris' }],
  };
}

describe('pages repository', () => {
  let store: Store;
  let clock: TestClock;

  afterEach(() => store.close());

  async function setup(): Promise<void> {
    clock = testClock();
    store = await freshStore({ now: clock.now });
  }

  it('finds a page under any spelling of the same URL', async () => {
    await setup();
    const stored = await store.pages.put(page('HTTPS://En.Wikipedia.org:443/wiki/Eiffel_Tower#History', 1));
    expect(stored.url).toBe('https://en.wikipedia.org/wiki/Eiffel_Tower');
    for (const spelling of [
      'https://en.wikipedia.org/wiki/Eiffel_Tower#Design',
      'https://en.wikipedia.org/wiki/Eiffel_Tower/',
      'https://en.wikipedia.org/wiki/Eiffel_Tower?utm_source=news',
    ]) {
      expect((await store.pages.get(spelling))?.markdown).toContain('Completed in 1889');
    }
    expect(await store.pages.get('https://en.wikipedia.org/wiki/Paris')).toBeUndefined();
  });

  it('serves a cached page only while it is younger than the max age', async () => {
    await setup();
    await store.pages.put(page('https://example.org/a', clock.now()));
    clock.advance(HOUR - 1);
    expect(await store.pages.getFresh('https://example.org/a', HOUR)).toBeDefined();
    clock.advance(1);
    expect(await store.pages.getFresh('https://example.org/a', HOUR)).toBeUndefined();
    // Still there for citations, just not fresh enough to skip a re-read.
    expect(await store.pages.get('https://example.org/a')).toBeDefined();
  });

  it('replaces an older copy of the page', async () => {
    await setup();
    await store.pages.put(page('https://example.org/a', 1));
    await store.pages.put({ ...page('https://example.org/a', 2), title: 'Updated' });
    expect((await store.pages.get('https://example.org/a'))?.title).toBe('Updated');
  });

  it('keeps different pages apart and anything that is not a web URL as given', async () => {
    await setup();
    await store.pages.put(page('https://example.org/a?id=1', 1));
    expect(await store.pages.get('https://example.org/a?id=2')).toBeUndefined();
    expect((await store.pages.put(page(' not a url ', 1))).url).toBe('not a url');
  });

  it('says whether a page is fresh', () => {
    expect(isFresh({ fetchedAt: 0 }, 10, 9)).toBe(true);
    expect(isFresh({ fetchedAt: 0 }, 10, 10)).toBe(false);
  });
});
