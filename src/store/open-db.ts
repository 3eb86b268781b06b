import { wrap } from 'idb';
import { guard, StoreError, UNAVAILABLE_MESSAGE } from './errors';
import { applyMigrations, MIGRATIONS, type Migration, type UpgradeDb, type UpgradeTx } from './migrations';
import { DEFAULT_DB_NAME, type SleuthDb } from './schema';

export type CloseReason = 'versionchange' | 'terminated';

export interface OpenDbOptions {
  /** Defaults to the global `indexedDB`; tests pass a fresh fake-indexeddb factory. */
  factory?: IDBFactory;
  name?: string;
  /** Tests open older schemas by passing a prefix of MIGRATIONS. */
  migrations?: readonly Migration[];
  /** Another context holds an older version open and has not closed it yet. */
  onBlocked?: () => void;
  /** This connection was closed under us; the caller should reopen (or ask for a reload). */
  onClosed?: (reason: CloseReason) => void;
}

function defaultFactory(): IDBFactory | undefined {
  return (globalThis as { indexedDB?: IDBFactory }).indexedDB;
}

/**
 * Opens (creating or upgrading) the database. Uses the factory directly rather than idb's openDB,
 * which always reaches for the global `indexedDB`; idb still wraps the result, which needs the
 * IDB* interfaces to be global (true in every extension context).
 */
export async function openDb(options: OpenDbOptions = {}): Promise<SleuthDb> {
  const factory = options.factory ?? defaultFactory();
  if (!factory) throw new StoreError('unavailable', UNAVAILABLE_MESSAGE);
  const migrations = options.migrations ?? MIGRATIONS;

  return guard(async () => {
    const request = factory.open(options.name ?? DEFAULT_DB_NAME, migrations.length);
    let migrationError: unknown;
    request.addEventListener('upgradeneeded', (event) => {
      const tx = request.transaction;
      if (!tx) return;
      const db = wrap(request.result) as UpgradeDb;
      // idb's wrap() has no overload for a versionchange transaction; this one is exactly that.
      const upgradeTx = wrap(tx) as unknown as UpgradeTx;
      // A failed upgrade is reported once, by the open request; its `done` must not reject unheard.
      upgradeTx.done.catch(() => undefined);
      applyMigrations(migrations, event.oldVersion, db, upgradeTx, (error) => {
        migrationError = error;
      });
    });
    request.addEventListener('blocked', () => options.onBlocked?.());

    try {
      await wrap(request);
    } catch (error) {
      // The open request only says "AbortError"; the failed migration says why.
      throw migrationError ?? error;
    }

    const raw = request.result;
    // Hold no lock on an old schema: close as soon as another context (for example a freshly
    // updated service worker) wants to upgrade, and let the owner reopen.
    raw.addEventListener('versionchange', () => {
      raw.close();
      options.onClosed?.('versionchange');
    });
    raw.addEventListener('close', () => options.onClosed?.('terminated'));
    // The migrations just built exactly this schema, which is what SleuthDb describes.
    return wrap(raw) as unknown as SleuthDb;
  });
}
