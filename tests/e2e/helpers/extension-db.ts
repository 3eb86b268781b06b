import { expect } from 'vitest';
import type { Settings } from '../../../src/settings/schema';

/** An extension page that runs a function in itself: Playwright's Page (Chromium) or Puppeteer's (Firefox). */
export interface ExtensionPage {
  evaluate(fn: (json: string) => Promise<unknown>, json: string): Promise<unknown>;
}

interface Query {
  store: 'sessions' | 'steps' | 'settings';
  op: 'get' | 'getAll' | 'getAllKeys' | 'put';
  index?: string;
  key?: IDBValidKey;
  value?: unknown;
}

/**
 * One request against the extension's IndexedDB, run inside one of its pages: tests read what the
 * product saved, and write developer-only settings the options page does not expose.
 */
export async function idb<T>(page: ExtensionPage, q: Query): Promise<T> {
  // Passed as JSON: Playwright's argument typing recurses without end on `unknown` values.
  return (await page.evaluate(runQuery, JSON.stringify(q))) as T;
}

/** Runs in the page (serialised by Playwright), so it can use nothing from this module. */
async function runQuery(json: string): Promise<unknown> {
  const q = JSON.parse(json) as Query;
  const db = await new Promise<IDBDatabase>((ok, bad) => {
    const r = indexedDB.open('sleuth');
    r.onsuccess = () => ok(r.result);
    r.onerror = () => bad(r.error);
  });
  try {
    const tx = db.transaction(q.store, q.op === 'put' ? 'readwrite' : 'readonly');
    const store = tx.objectStore(q.store);
    const source = q.index ? store.index(q.index) : store;
    const request =
      q.op === 'put'
        ? store.put(q.value, q.key)
        : q.op === 'get'
          ? source.get(q.key as IDBValidKey)
          : q.op === 'getAll'
            ? source.getAll(q.key)
            : source.getAllKeys(q.key);
    const result = await new Promise<unknown>((ok, bad) => {
      request.onsuccess = () => ok(request.result);
      request.onerror = () => bad(request.error);
    });
    await new Promise<void>((ok, bad) => {
      tx.oncomplete = () => ok();
      tx.onerror = () => bad(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

/** Writes the whole settings record, as the options page would on Save. */
export async function writeSettings(
  page: ExtensionPage,
  settings: Partial<Settings> | Record<string, unknown>,
): Promise<void> {
  await idb(page, { store: 'settings', op: 'put', key: 'app', value: settings });
}

export function readSession(page: ExtensionPage, id: string): Promise<Record<string, unknown> | undefined> {
  return idb(page, { store: 'sessions', op: 'get', key: id });
}

export function sessionIds(page: ExtensionPage): Promise<string[]> {
  return idb(page, { store: 'sessions', op: 'getAllKeys' });
}

/** The saved steps of a session, in seq order. */
export function readSteps(page: ExtensionPage, sessionId: string): Promise<Record<string, unknown>[]> {
  return idb(page, { store: 'steps', op: 'getAll', index: 'by-session', key: sessionId });
}

/** Waits for a session to reach `status`; a session that fails instead shows its error message. */
export async function waitForSession(
  page: ExtensionPage,
  id: string,
  status: string,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await readSession(page, id);
        return s?.status === 'error' && status !== 'error' ? String(s.error) : s?.status;
      },
      { timeout },
    )
    .toBe(status);
}
