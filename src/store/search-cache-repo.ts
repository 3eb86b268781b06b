import { readAs, searchCacheRecordSchema } from './record-schemas';
import type { SearchCacheEntry } from './records';
import type { SleuthDb } from './schema';
import { inTransaction } from './tx';

/** What the search layer needs from a result cache. */
export interface SearchCache {
  /** A live entry, or undefined when missing or expired. */
  get(key: string): Promise<SearchCacheEntry | undefined>;
  put(key: string, entry: SearchCacheEntry): Promise<void>;
}

export interface SearchCacheRepo extends SearchCache {
  /** Deletes expired entries; returns how many were removed. */
  pruneExpired(): Promise<number>;
}

export function createSearchCacheRepo(db: SleuthDb, now: () => number): SearchCacheRepo {
  return {
    get(key) {
      return inTransaction(db, ['searchCache'], 'readonly', async (tx) => {
        const record = readAs(searchCacheRecordSchema, await tx.objectStore('searchCache').get(key));
        if (!record || record.expiresAt <= now()) return undefined;
        return {
          hits: record.hits,
          provider: record.provider,
          createdAt: record.createdAt,
          expiresAt: record.expiresAt,
        };
      });
    },

    async put(key, entry) {
      await inTransaction(db, ['searchCache'], 'readwrite', (tx) =>
        tx.objectStore('searchCache').put({ ...entry, key }),
      );
    },

    pruneExpired() {
      const time = now();
      return inTransaction(db, ['searchCache'], 'readwrite', async (tx) => {
        let removed = 0;
        // Ascending by expiry: everything before the first live entry is expired.
        let cursor = await tx.objectStore('searchCache').index('by-expires').openCursor();
        while (cursor && cursor.key <= time) {
          await cursor.delete();
          removed += 1;
          cursor = await cursor.continue();
        }
        return removed;
      });
    },
  };
}
