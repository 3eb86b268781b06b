import * as v from 'valibot';
import type { JsonValue } from './json';
import type { SleuthDb } from './schema';
import { inTransaction } from './tx';

export interface SettingsRepo {
  /**
   * The stored value if it passes `schema`, else `fallback`: a value written by an older version
   * (or by hand) must never crash the options page or the runner.
   */
  get<T>(key: string, schema: v.GenericSchema<unknown, T>, fallback: T): Promise<T>;
  set(key: string, value: JsonValue): Promise<void>;
  /** Forgets the stored value, so `get` returns its fallback again. */
  remove(key: string): Promise<void>;
  /** Every stored setting, unvalidated (for a settings snapshot or a diagnostics view). */
  getAll(): Promise<Record<string, JsonValue>>;
}

export function createSettingsRepo(db: SleuthDb): SettingsRepo {
  return {
    async get(key, schema, fallback) {
      const stored = await inTransaction(db, ['settings'], 'readonly', (tx) =>
        tx.objectStore('settings').get(key),
      );
      if (stored === undefined) return fallback;
      const result = v.safeParse(schema, stored);
      return result.success ? result.output : fallback;
    },

    async set(key, value) {
      await inTransaction(db, ['settings'], 'readwrite', (tx) => tx.objectStore('settings').put(value, key));
    },

    async remove(key) {
      await inTransaction(db, ['settings'], 'readwrite', (tx) => tx.objectStore('settings').delete(key));
    },

    getAll() {
      return inTransaction(db, ['settings'], 'readonly', async (tx) => {
        const entries: [string, JsonValue][] = [];
        let cursor = await tx.objectStore('settings').openCursor();
        while (cursor) {
          entries.push([cursor.key, cursor.value]);
          cursor = await cursor.continue();
        }
        // fromEntries defines own properties, so a key like "__proto__" cannot touch the prototype.
        return Object.fromEntries(entries);
      });
    },
  };
}
