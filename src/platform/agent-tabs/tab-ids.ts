/** The slice of chrome.storage.session this list needs, so tests can pass a fake. */
export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

const KEY = 'agentTabs';

/**
 * The ids of the tabs the agent opened, kept in storage.session so a restarted service worker can
 * still close them as orphans (and knows not to read them as the user's own tabs).
 *
 * Several pages are read at once, and storage has no compare-and-set: two read-modify-writes that
 * interleave would each write the list they read plus their own change, losing the other's id. So
 * changes are applied one after another. All writers live in one context (the service worker, or a
 * Firefox background page), so an in-memory queue is enough.
 */
export function agentTabIds(area: SessionArea) {
  const list = async (): Promise<number[]> => {
    const ids = (await area.get(KEY))[KEY];
    return Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : [];
  };
  let queue: Promise<unknown> = Promise.resolve();
  const change = (edit: (ids: number[]) => number[]): Promise<void> => {
    const next = queue.then(async () => area.set({ [KEY]: edit(await list()) }));
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    list,
    add: (id: number) => change((ids) => (ids.includes(id) ? ids : [...ids, id])),
    remove: (gone: readonly number[]) => change((ids) => ids.filter((x) => !gone.includes(x))),
  };
}
