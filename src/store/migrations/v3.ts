import { pageKey } from '../../security/normalize-url';
import type { Migration } from './migration';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * v3: cached pages are keyed by the one URL key (`pageKey`: tracking parameters, parameter order
 * and a trailing slash no longer make a different page). Records move to their new key; where two
 * old keys meet, the copy fetched last stays.
 */
export const v3: Migration = {
  schema() {},
  async data(tx) {
    const pages = tx.objectStore('pages');
    let cursor = await pages.openCursor();
    while (cursor) {
      const page: unknown = cursor.value;
      const oldKey = cursor.key;
      if (isRecord(page) && typeof oldKey === 'string') {
        const key = pageKey(oldKey);
        if (key !== oldKey) {
          const there: unknown = await pages.get(key);
          const newer = !isRecord(there) || Number(there.fetchedAt ?? 0) <= Number(page.fetchedAt ?? 0);
          if (newer) await pages.put({ ...page, url: key });
          await cursor.delete();
        }
      }
      cursor = await cursor.continue();
    }
  },
};
