/**
 * Agent tabs are reused for successive reads instead of opened and closed each time: opening a tab,
 * grouping it and starting its renderer costs more than reading most pages. A tab goes back to the
 * pool only after a clean signed-out read; signed-in reads get a tab of their own that is closed
 * after (a page left running in a reused tab would otherwise send the next site's cookies). Idle
 * tabs close after `idleMs`, and all of them when a run ends.
 */

export interface AgentTabOptions {
  signedOut: boolean;
  blockPrivate: boolean;
  allowLoopback: boolean;
}

export interface TabPoolDeps {
  /** Opens an unfocused blank agent tab for a read with these guards, ready to navigate. */
  create(opts: AgentTabOptions): Promise<number>;
  /** Closes an agent tab and drops its guards. */
  close(tabId: number): Promise<void>;
  /** Sets the per-tab network guards (signed-out cookies, private addresses) for the next read. */
  guard(tabId: number, opts: AgentTabOptions): Promise<void>;
  /** Points the shared resource-blocking rules at exactly these tabs. */
  block(tabIds: readonly number[]): Promise<void>;
  /** Whether the tab still exists (the user may have closed an idle one). */
  alive(tabId: number): Promise<boolean>;
  /**
   * Empties a tab that finished a read (about:blank), resolving true once it is blank: the old page
   * stops running, and its aborted loads cannot be taken for the next read's. False: close it.
   */
  park(tabId: number): Promise<boolean>;
  idleMs: number;
  /** Most idle tabs kept; more are closed at once. */
  maxIdle: number;
}

export interface AgentTabPool {
  /** A tab for one read, guards and resource rules in place. `fresh` when it was just opened. */
  acquire(opts: AgentTabOptions): Promise<{ tabId: number; fresh: boolean }>;
  /** The read is over: a reusable tab waits for the next read, any other is closed. */
  release(tabId: number, o: { reusable: boolean }): Promise<void>;
  /** Closes every idle tab (a run ended); returns how many. */
  closeIdle(): Promise<number>;
  /** The tab is gone (closed by the user or the browser): forget it. */
  forget(tabId: number): void;
  /** Agent tabs open now, busy or idle. */
  size(): number;
}

const sameOptions = (a: AgentTabOptions | undefined, b: AgentTabOptions) =>
  a !== undefined &&
  a.signedOut === b.signedOut &&
  a.blockPrivate === b.blockPrivate &&
  a.allowLoopback === b.allowLoopback;

export function createTabPool(d: TabPoolDeps): AgentTabPool {
  /** Every agent tab this pool knows, busy or idle, with the guards it has now. */
  const tabs = new Map<number, AgentTabOptions>();
  /** Idle tabs, most recently used last, each with its close timer and whether it is blank yet. */
  const idle = new Map<number, { timer: ReturnType<typeof setTimeout>; parked: Promise<boolean> }>();
  // The resource rules list every tab; updates run one after another, each with the set as it is then.
  let rules: Promise<unknown> = Promise.resolve();
  const syncRules = () => {
    const next = rules.then(() => d.block([...tabs.keys()]));
    rules = next.catch(() => undefined);
    return next;
  };

  const drop = (tabId: number) => {
    clearTimeout(idle.get(tabId)?.timer);
    idle.delete(tabId);
    return tabs.delete(tabId);
  };
  const closeTab = async (tabId: number) => {
    drop(tabId);
    await d.close(tabId).catch(() => undefined);
    await syncRules().catch(() => undefined);
  };

  const takeIdle = async (): Promise<number | null> => {
    for (const [tabId, entry] of [...idle].reverse()) {
      clearTimeout(entry.timer);
      idle.delete(tabId);
      if ((await entry.parked) && (await d.alive(tabId).catch(() => false))) return tabId;
      await closeTab(tabId);
    }
    return null;
  };

  return {
    async acquire(opts) {
      const reused = opts.signedOut ? await takeIdle() : null;
      if (reused !== null) {
        const had = tabs.get(reused);
        tabs.set(reused, opts);
        if (!sameOptions(had, opts)) await d.guard(reused, opts);
        return { tabId: reused, fresh: false };
      }
      const tabId = await d.create(opts);
      tabs.set(tabId, opts);
      try {
        await d.guard(tabId, opts);
        await syncRules();
      } catch (err) {
        await closeTab(tabId);
        throw err;
      }
      return { tabId, fresh: true };
    },

    async release(tabId, { reusable }) {
      const opts = tabs.get(tabId);
      if (!opts) return;
      if (!reusable || !opts.signedOut || idle.size >= d.maxIdle) return closeTab(tabId);
      idle.set(tabId, {
        timer: setTimeout(() => void closeTab(tabId), d.idleMs),
        parked: d.park(tabId).catch(() => false),
      });
    },

    async closeIdle() {
      const ids = [...idle.keys()];
      await Promise.all(ids.map(closeTab));
      return ids.length;
    },

    forget(tabId) {
      if (drop(tabId)) void syncRules().catch(() => undefined);
    },

    size: () => tabs.size,
  };
}
