import { deleteCachedModel, listCachedModels } from '../webllm/cache';
import { type CatalogEntry, qwen3Catalog } from '../webllm/catalog';
import { appConfigWith, type CustomMlcModel } from '../webllm/custom';
import type { WebLlmModule } from '../webllm/types';

/**
 * web-llm is several megabytes: it is imported the first time something needs its catalog or cache,
 * never at start-up.
 */
export function createWebLlmAdmin(load: () => Promise<WebLlmModule> = defaultLoad) {
  let mod: Promise<WebLlmModule> | null = null;
  const module = () => {
    mod ??= load();
    return mod;
  };
  return {
    async catalog(): Promise<CatalogEntry[]> {
      return qwen3Catalog((await module()).prebuiltAppConfig.model_list);
    },
    async listCached(custom: readonly CustomMlcModel[]): Promise<{ modelId: string; bytes?: number }[]> {
      const m = await module();
      const config = appConfigWith(m.prebuiltAppConfig, custom);
      const entries = qwen3Catalog(m.prebuiltAppConfig.model_list);
      const cached = await listCachedModels(m, entries, config);
      return cached.map((c) => ({ modelId: c.id, ...(c.bytes !== null ? { bytes: c.bytes } : {}) }));
    },
    async deleteCached(modelId: string, custom: readonly CustomMlcModel[]): Promise<void> {
      const m = await module();
      await deleteCachedModel(m, modelId, appConfigWith(m.prebuiltAppConfig, custom));
    },
  };
}

async function defaultLoad(): Promise<WebLlmModule> {
  return (await import('@mlc-ai/web-llm')) as unknown as WebLlmModule;
}

export type WebLlmAdmin = ReturnType<typeof createWebLlmAdmin>;
