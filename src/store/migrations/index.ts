import type { Migration } from './migration';
import { v1 } from './v1';
import { v2 } from './v2';
import { v3 } from './v3';

export type { Migration, UpgradeDb, UpgradeTx } from './migration';

/** Every schema version in order; the database version is this list's length. */
export const MIGRATIONS: readonly Migration[] = [v1, v2, v3];

/**
 * Applies the migrations after `oldVersion` inside the upgrade transaction. Schema steps run first
 * and synchronously (index creation is only allowed while the transaction is active); data steps
 * follow in version order. A failed data step aborts the upgrade, leaving the old database intact.
 */
export function applyMigrations(
  migrations: readonly Migration[],
  oldVersion: number,
  db: Parameters<Migration['schema']>[0],
  tx: Parameters<Migration['schema']>[1],
  onError: (error: unknown) => void,
): void {
  const fail = (error: unknown): void => {
    onError(error);
    try {
      tx.abort();
    } catch {
      // The transaction already ended; the open request reports the failure.
    }
  };
  const pending = migrations.slice(oldVersion);
  try {
    for (const migration of pending) migration.schema(db, tx);
  } catch (error) {
    fail(error);
    return;
  }
  const runData = async (): Promise<void> => {
    for (const migration of pending) await migration.data?.(tx);
  };
  runData().catch(fail);
}
