/** The part of `navigator.storage` the store uses; optional members because some contexts lack them. */
export interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

export interface StorageUsage {
  usage: number;
  quota: number;
}

function defaultStorage(): StorageManagerLike | undefined {
  return (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator?.storage;
}

/**
 * Asks the browser not to evict Sleuth's data under storage pressure. Returns whether the data is
 * persisted; never throws, because a refusal only means the browser may clear it later.
 */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = defaultStorage(),
): Promise<boolean> {
  try {
    if (!storage?.persist) return false;
    if ((await storage.persisted?.()) === true) return true;
    return (await storage.persist()) === true;
  } catch {
    return false;
  }
}

/** Bytes used and available, for the status line; null when the browser cannot say. */
export async function estimateUsage(
  storage: StorageManagerLike | undefined = defaultStorage(),
): Promise<StorageUsage | null> {
  try {
    const estimate = await storage?.estimate?.();
    if (typeof estimate?.usage !== 'number' || typeof estimate.quota !== 'number') return null;
    return { usage: estimate.usage, quota: estimate.quota };
  } catch {
    return null;
  }
}
