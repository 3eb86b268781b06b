import type { Page } from 'playwright-core';

/** The saved steps of a session, in seq order, read straight from the extension's IndexedDB. */
export async function readSteps(page: Page, sessionId: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((ok, bad) => {
      const r = indexedDB.open('sleuth');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => bad(r.error);
    });
    const rows = await new Promise<unknown[]>((ok, bad) => {
      const r = db.transaction('steps').objectStore('steps').index('by-session').getAll(id);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => bad(r.error);
    });
    db.close();
    return rows as Record<string, unknown>[];
  }, sessionId);
}
