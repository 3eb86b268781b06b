import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS, type Migration, openStore, StoreError } from '../../../src/store';
import { newSession } from './helpers';

const noop: Migration = { schema() {} };

describe('openStore', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('closes when another context upgrades, so the upgrade is not blocked', async () => {
    const factory = new IDBFactory();
    const onClosed = vi.fn();
    const old = await openStore({ factory, onClosed });
    await old.sessions.create(newSession({ id: 'kept' }));

    const onBlocked = vi.fn();
    const upgraded = await openStore({ factory, migrations: [...MIGRATIONS, noop], onBlocked });
    expect(upgraded.db.version).toBe(MIGRATIONS.length + 1);
    expect(onClosed).toHaveBeenCalledWith('versionchange');
    expect(onBlocked).not.toHaveBeenCalled();
    expect(await upgraded.sessions.get('kept')).toBeDefined();
    // The closed connection fails plainly instead of hanging.
    await expect(old.sessions.get('kept')).rejects.toBeInstanceOf(StoreError);
    upgraded.close();
  });

  it('reports being blocked by a connection that will not close, and opens once it does', async () => {
    const factory = new IDBFactory();
    const stubborn = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('sleuth', MIGRATIONS.length);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const onBlocked = vi.fn();
    const opening = openStore({ factory, migrations: [...MIGRATIONS, noop], onBlocked });
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
    stubborn.close();
    const store = await opening;
    expect(store.db.version).toBe(MIGRATIONS.length + 1);
    store.close();
  });

  it('keeps databases with different names apart', async () => {
    const factory = new IDBFactory();
    const a = await openStore({ factory, name: 'sleuth-a' });
    const b = await openStore({ factory, name: 'sleuth-b' });
    await a.sessions.create(newSession({ id: 'only-in-a' }));
    expect(await b.sessions.get('only-in-a')).toBeUndefined();
    a.close();
    b.close();
  });

  it('says plainly when IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(openStore()).rejects.toMatchObject({ name: 'StoreError', code: 'unavailable' });
  });
});
