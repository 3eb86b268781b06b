import { describe, expect, it } from 'vitest';
import {
  type AgentTabOptions,
  createTabPool,
  type TabPoolDeps,
} from '../../../../src/tools/browse/tabs/tab-pool';

const signedOut: AgentTabOptions = { signedOut: true, blockPrivate: true, allowLoopback: false };
const signedIn: AgentTabOptions = { ...signedOut, signedOut: false };

function fakeBrowser(over: Partial<TabPoolDeps> = {}) {
  let next = 1;
  const open = new Set<number>();
  const log: string[] = [];
  const blocked: number[][] = [];
  const deps: TabPoolDeps = {
    create: async () => {
      const id = next++;
      open.add(id);
      log.push(`create ${id}`);
      return id;
    },
    close: async (id) => {
      open.delete(id);
      log.push(`close ${id}`);
    },
    guard: async (id, o) => void log.push(`guard ${id} ${o.signedOut ? 'out' : 'in'}`),
    block: async (ids) => void blocked.push([...ids]),
    alive: async (id) => open.has(id),
    park: async (id) => {
      log.push(`park ${id}`);
      return true;
    },
    idleMs: 60_000,
    maxIdle: 2,
    ...over,
  };
  return { deps, open, log, blocked };
}

describe('agent tab pool', () => {
  it('reuses the tab of a finished signed-out read for the next one', async () => {
    const { deps, log } = fakeBrowser();
    const pool = createTabPool(deps);
    const a = await pool.acquire(signedOut);
    await pool.release(a.tabId, { reusable: true });
    const b = await pool.acquire(signedOut);
    expect(a).toEqual({ tabId: 1, fresh: true });
    expect(b).toEqual({ tabId: 1, fresh: false });
    // Same guards as before: they are not set again.
    expect(log).toEqual(['create 1', 'guard 1 out', 'park 1']);
  });

  it('opens a tab of its own for a signed-in read and closes it afterwards', async () => {
    const { deps, open } = fakeBrowser();
    const pool = createTabPool(deps);
    const a = await pool.acquire(signedOut);
    await pool.release(a.tabId, { reusable: true });
    const b = await pool.acquire(signedIn);
    expect(b.tabId).not.toBe(a.tabId);
    await pool.release(b.tabId, { reusable: true });
    expect(open.has(b.tabId)).toBe(false);
    expect(open.has(a.tabId)).toBe(true);
  });

  it('closes a tab whose read failed or timed out instead of keeping it', async () => {
    const { deps, open } = fakeBrowser();
    const pool = createTabPool(deps);
    const a = await pool.acquire(signedOut);
    await pool.release(a.tabId, { reusable: false });
    expect(open.size).toBe(0);
  });

  it('keeps resource blocking on exactly the agent tabs that exist', async () => {
    const { deps, blocked } = fakeBrowser();
    const pool = createTabPool(deps);
    const a = await pool.acquire(signedOut);
    const b = await pool.acquire(signedOut);
    await pool.release(a.tabId, { reusable: false });
    await pool.release(b.tabId, { reusable: true });
    expect(await pool.closeIdle()).toBe(1);
    expect(blocked).toEqual([[1], [1, 2], [2], []]);
  });

  it('skips an idle tab the user closed and never keeps more than maxIdle', async () => {
    const { deps, open } = fakeBrowser();
    const pool = createTabPool(deps);
    const tabs = await Promise.all([1, 2, 3].map(() => pool.acquire(signedOut)));
    for (const t of tabs) await pool.release(t.tabId, { reusable: true });
    expect([...open]).toEqual([1, 2]);
    open.delete(2); // closed by the user
    const next = await pool.acquire(signedOut);
    expect(next).toEqual({ tabId: 1, fresh: false });
  });

  it('closes a tab that could not be emptied instead of reusing it', async () => {
    const { deps, open } = fakeBrowser({ park: async () => false });
    const pool = createTabPool(deps);
    const a = await pool.acquire(signedOut);
    await pool.release(a.tabId, { reusable: true });
    const b = await pool.acquire(signedOut);
    expect(b).toEqual({ tabId: 2, fresh: true });
    expect([...open]).toEqual([2]);
  });

  it('closes idle tabs after idleMs', async () => {
    const { deps, open } = fakeBrowser({ idleMs: 5 });
    const pool = createTabPool(deps);
    const a = await pool.acquire(signedOut);
    await pool.release(a.tabId, { reusable: true });
    await expect.poll(() => open.size).toBe(0);
  });
});
