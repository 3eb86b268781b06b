import type { IDBPTransaction, StoreNames } from 'idb';
import { guard, isQuotaError } from './errors';
import type { SleuthDb, SleuthSchema } from './schema';

type Names = StoreNames<SleuthSchema>[];

/**
 * Runs `work` in one transaction and resolves only once it has committed, so a caller never
 * believes something was saved that the browser later dropped. On any failure the transaction is
 * aborted, which rolls back every write made in it: earlier data stays as it was.
 */
export function inTransaction<const N extends Names, M extends IDBTransactionMode, T>(
  db: SleuthDb,
  names: N,
  mode: M,
  work: (tx: IDBPTransaction<SleuthSchema, N, M>) => Promise<T>,
  options?: IDBTransactionOptions,
): Promise<T> {
  return guard(async () => {
    const tx = db.transaction(names, mode, options);
    const done = tx.done;
    // An aborted transaction also rejects `done`; the failure is reported once, through `work`.
    done.catch(() => undefined);
    try {
      const result = await work(tx);
      await done;
      return result;
    } catch (error) {
      abortQuietly(tx);
      // A request failing because its transaction aborted says only "AbortError"; the
      // transaction's own error names the real cause (often quota).
      throw !isQuotaError(error) && isQuotaError(tx.error) ? tx.error : error;
    }
  });
}

function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already committed or aborted: nothing left to roll back.
  }
}

/** Transactions that record what the agent did before it takes effect must survive a crash. */
export const STRICT: IDBTransactionOptions = { durability: 'strict' };
