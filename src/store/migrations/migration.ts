import type { IDBPDatabase, IDBPTransaction } from 'idb';

export type UpgradeDb = IDBPDatabase<unknown>;
export type UpgradeTx = IDBPTransaction<unknown, string[], 'versionchange'>;

/**
 * One schema version. Versions are positions in the ordered list (first entry = version 1), so a
 * migration is never removed or reordered once released.
 */
export interface Migration {
  /** Store and index changes. Runs synchronously inside the upgrade transaction. */
  schema(db: UpgradeDb, tx: UpgradeTx): void;
  /**
   * Record rewrites, run after every pending `schema` step. It may await only requests on `tx`:
   * awaiting anything else lets the upgrade transaction commit half-done.
   */
  data?(tx: UpgradeTx): Promise<void>;
}
