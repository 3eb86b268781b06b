import type { CatalogEntry } from './catalog';
import type { AppConfigLike, WebLlmModule } from './types';

/**
 * Which web-llm models are in the browser cache, how big they are, and deleting them.
 * web-llm stores weights in Cache Storage under 'webllm/model' keyed by file URL
 * (node_modules/@mlc-ai/web-llm/lib/index.js, ArtifactCache), so a model's size is the sum of
 * its cached responses' content-length.
 */

export interface CachedModel {
  id: string;
  bytes: number | null;
}

export interface CacheStorageLike {
  open(name: string): Promise<{
    keys(): Promise<readonly { url: string }[]>;
    match(url: string): Promise<{ headers: { get(name: string): string | null } } | undefined>;
  }>;
}

function defaultCaches(): CacheStorageLike | undefined {
  return (globalThis as { caches?: CacheStorageLike }).caches;
}

async function cachedModelBytes(
  modelUrl: string,
  storage: CacheStorageLike | undefined = defaultCaches(),
): Promise<number | null> {
  if (!storage) return null;
  try {
    const cache = await storage.open('webllm/model');
    const prefix = modelUrl.replace(/\/+$/, '');
    let total = 0;
    for (const req of await cache.keys()) {
      if (!req.url.startsWith(`${prefix}/`)) continue;
      const res = await cache.match(req.url);
      total += Number(res?.headers.get('content-length') ?? 0) || 0;
    }
    return total;
  } catch {
    return null;
  }
}

export async function listCachedModels(
  mod: Pick<WebLlmModule, 'hasModelInCache'>,
  entries: readonly Pick<CatalogEntry, 'id' | 'record'>[],
  appConfig: AppConfigLike,
  storage?: CacheStorageLike,
): Promise<CachedModel[]> {
  const out: CachedModel[] = [];
  for (const e of entries) {
    if (!(await mod.hasModelInCache(e.id, appConfig).catch(() => false))) continue;
    out.push({ id: e.id, bytes: await cachedModelBytes(e.record.model, storage) });
  }
  return out;
}

export async function deleteCachedModel(
  mod: Pick<WebLlmModule, 'deleteModelAllInfoInCache'>,
  modelId: string,
  appConfig: AppConfigLike,
): Promise<void> {
  await mod.deleteModelAllInfoInCache(modelId, appConfig);
}
