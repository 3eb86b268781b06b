import { pageKey } from '../security/normalize-url';
import { pageRecordSchema, readAs } from './record-schemas';
import type { PageRecord } from './records';
import type { SleuthDb } from './schema';
import { inTransaction } from './tx';

export interface PagesRepo {
  get(url: string): Promise<PageRecord | undefined>;
  /** The page only if it was fetched less than `maxAgeMs` ago. */
  getFresh(url: string, maxAgeMs: number): Promise<PageRecord | undefined>;
  /** Stores the page under its `pageKey` and returns what was stored. */
  put(page: PageRecord): Promise<PageRecord>;
}

export function isFresh(page: Pick<PageRecord, 'fetchedAt'>, maxAgeMs: number, now: number): boolean {
  return now - page.fetchedAt < maxAgeMs;
}

export function createPagesRepo(db: SleuthDb, now: () => number): PagesRepo {
  const get = (url: string) =>
    inTransaction(db, ['pages'], 'readonly', async (tx) =>
      readAs(pageRecordSchema, await tx.objectStore('pages').get(pageKey(url))),
    );

  return {
    get,

    async getFresh(url, maxAgeMs) {
      const page = await get(url);
      return page && isFresh(page, maxAgeMs, now()) ? page : undefined;
    },

    async put(page) {
      const record: PageRecord = { ...page, url: pageKey(page.url) };
      await inTransaction(db, ['pages'], 'readwrite', (tx) => tx.objectStore('pages').put(record));
      return record;
    },
  };
}
