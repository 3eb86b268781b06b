import { IDBFactory } from 'fake-indexeddb';
import type { IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, type Migration, openDb, openStore, StoreError } from '../../../src/store';
import fixture from '../../fixtures/store/v1-database.json';
import './helpers';

/** Creates a database exactly as the first release left it, holding the fixture's records. */
async function v1Database(factory: IDBFactory): Promise<void> {
  const db = (await openDb({ factory, migrations: MIGRATIONS.slice(0, 1) })) as unknown as IDBPDatabase;
  expect(db.version).toBe(1);
  expect([...db.transaction('sessions').store.indexNames]).toEqual(['by-updated']);
  const tx = db.transaction(['sessions', 'steps'], 'readwrite');
  for (const session of fixture.sessions) await tx.objectStore('sessions').put(session);
  for (const step of fixture.steps) await tx.objectStore('steps').put(step);
  await tx.done;
  db.close();
}

describe('schema migrations', () => {
  it('creates the current schema on a fresh install', async () => {
    const store = await openStore({ factory: new IDBFactory() });
    expect(store.db.version).toBe(MIGRATIONS.length);
    expect([...store.db.objectStoreNames].sort()).toEqual(
      ['pages', 'searchCache', 'secrets', 'sessions', 'settings', 'steps'].sort(),
    );
    expect([...store.db.transaction('sessions').store.indexNames].sort()).toEqual([
      'by-status',
      'by-updated',
    ]);
    store.close();
  });

  it('upgrades a v1 database with data to v2 without losing anything', async () => {
    const factory = new IDBFactory();
    await v1Database(factory);

    const store = await openStore({ factory });
    expect(store.db.version).toBe(MIGRATIONS.length);

    const done = await store.sessions.get('s-old-done');
    expect(done).toMatchObject({
      question: 'When was the Eiffel Tower completed?',
      answer: 'It was completed in March 1889 [1].',
      settings: { maxSteps: 200, provider: 'duckduckgo' },
      stats: { steps: 2 },
    });
    expect((await store.sessions.get('s-old-running'))?.stats).toEqual({ steps: 1 });
    // Stats a v1 record already had are left alone.
    expect((await store.sessions.get('s-old-with-stats'))?.stats).toEqual({ steps: 99, folds: 2 });

    // The new index answers the start-up question "what was left running?".
    const running = await store.sessions.listByStatus('running');
    expect(running.map((s) => s.id)).toEqual(['s-old-running']);

    const steps = await store.steps.listForSession('s-old-done');
    expect(steps.map((s) => s.raw)).toEqual(fixture.steps.slice(0, 2).map((s) => s.raw));
    expect(await store.steps.lastSeq('s-old-running')).toBe(0);
    expect((await store.sessions.listNewestFirst()).map((s) => s.id)).toEqual([
      's-old-running',
      's-old-done',
      's-old-with-stats',
    ]);
    store.close();
  });

  it('moves cached pages to the one URL key, keeping the copy fetched last', async () => {
    const factory = new IDBFactory();
    const db = (await openDb({ factory, migrations: MIGRATIONS.slice(0, 2) })) as unknown as IDBPDatabase;
    const page = (url: string, fetchedAt: number) => ({
      url,
      finalUrl: url,
      title: url,
      fetchedAt,
      markdown: `read at ${fetchedAt}`,
    });
    for (const p of [
      page('https://example.org/', 1),
      page('https://example.org/a/', 5),
      page('https://example.org/a?utm_source=x', 3),
      page('https://example.org/b?y=2&x=1', 2),
    ])
      await db.put('pages', p);
    db.close();

    const store = await openStore({ factory });
    const raw = store.db as unknown as IDBPDatabase;
    expect((await raw.getAllKeys('pages')).sort()).toEqual([
      'https://example.org',
      'https://example.org/a',
      'https://example.org/b?x=1&y=2',
    ]);
    expect((await store.pages.get('https://example.org/a'))?.markdown).toBe('read at 5');
    expect((await store.pages.get('https://example.org/b?x=1&y=2'))?.url).toBe(
      'https://example.org/b?x=1&y=2',
    );
    store.close();
  });

  it('leaves the old database untouched when an upgrade step fails', async () => {
    const factory = new IDBFactory();
    await v1Database(factory);
    const broken: Migration = {
      schema(db) {
        db.createObjectStore('extra');
      },
      async data() {
        throw new Error('cannot convert record');
      },
    };

    const failure = openStore({ factory, migrations: [...MIGRATIONS, broken] });
    await expect(failure).rejects.toBeInstanceOf(StoreError);
    await expect(failure).rejects.toThrow('cannot convert record');

    const db = (await openDb({ factory, migrations: MIGRATIONS.slice(0, 1) })) as unknown as IDBPDatabase;
    expect(db.version).toBe(1);
    expect(db.objectStoreNames.contains('extra')).toBe(false);
    expect(await db.count('sessions')).toBe(fixture.sessions.length);
    expect(await db.get('sessions', 's-old-done')).not.toHaveProperty('stats');
    db.close();
  });

  it('reports a failing schema step by its own message', async () => {
    const factory = new IDBFactory();
    await v1Database(factory);
    const clash: Migration = {
      schema(db) {
        db.createObjectStore('sessions');
      },
    };
    const failure = openStore({ factory, migrations: [...MIGRATIONS, clash] });
    await expect(failure).rejects.toMatchObject({ name: 'StoreError', code: 'unknown' });
    // The real cause, not the generic "request was aborted" of the open request.
    await expect(failure).rejects.toThrow(/constraint was not satisfied/);
    const store = await openStore({ factory });
    expect(store.db.version).toBe(MIGRATIONS.length);
    expect(await store.sessions.get('s-old-done')).toBeDefined();
    store.close();
  });
});
