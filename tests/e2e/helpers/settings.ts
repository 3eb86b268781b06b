import type { Page } from 'playwright-core';
import type { Settings } from '../../../src/settings/schema';

/**
 * Writes settings straight into the extension's IndexedDB from one of its pages, for fields the
 * options page does not expose to users (developer switches such as allowing 127.0.0.1).
 */
export async function writeSettings(page: Page, settings: Partial<Settings>): Promise<void> {
  await page.evaluate(async (value) => {
    const db = await new Promise<IDBDatabase>((ok, bad) => {
      const r = indexedDB.open('sleuth');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => bad(r.error);
    });
    await new Promise<void>((ok, bad) => {
      const tx = db.transaction('settings', 'readwrite');
      tx.objectStore('settings').put(value, 'app');
      tx.oncomplete = () => ok();
      tx.onerror = () => bad(tx.error);
    });
    db.close();
  }, settings);
}

export async function readSession(page: Page, id: string): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((ok, bad) => {
      const r = indexedDB.open('sleuth');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => bad(r.error);
    });
    const value = await new Promise<unknown>((ok, bad) => {
      const r = db.transaction('sessions').objectStore('sessions').get(key);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => bad(r.error);
    });
    db.close();
    return value as Record<string, unknown> | undefined;
  }, id);
}
