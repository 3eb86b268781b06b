/** Storage figures for the status line; null where the browser does not say. */
export async function storageEstimate(): Promise<{
  usage: number;
  quota: number;
  persisted: boolean;
} | null> {
  if (!navigator.storage?.estimate) return null;
  const [est, persisted] = await Promise.all([
    navigator.storage.estimate(),
    navigator.storage.persisted?.().catch(() => false) ?? Promise.resolve(false),
  ]);
  return { usage: est.usage ?? 0, quota: est.quota ?? 0, persisted };
}
