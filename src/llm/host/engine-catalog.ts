import type { WebGpuProbe } from '../webgpu-probe';
import { type CatalogEntry, chooseModel } from '../webllm/catalog';
import { GGUF_CATALOG, type GgufCatalogEntry } from '../wllama/gguf-catalog';

/** A web-llm Qwen3 record as the options page shows it (no web-llm import needed there). */
export interface WebLlmCatalogItem {
  id: string;
  size: string;
  quantization: string;
  vramMB: number;
  approxDownloadBytes: number;
}

export interface EngineCatalog {
  webllm: WebLlmCatalogItem[];
  gguf: GgufCatalogEntry[];
  /** What "Auto" picks on this GPU (chooseModel), or null when nothing can run. */
  recommended: string | null;
  reason: string;
}

/** The models the options page offers, with the one "Auto" would pick on this machine. */
export function describeEngineCatalog(catalog: readonly CatalogEntry[], probe: WebGpuProbe): EngineCatalog {
  const choice = chooseModel(probe, catalog);
  return {
    webllm: catalog.map(({ id, size, quantization, vramMB, approxDownloadBytes }) => ({
      id,
      size,
      quantization,
      vramMB,
      approxDownloadBytes,
    })),
    gguf: [...GGUF_CATALOG],
    recommended: choice.model?.id ?? null,
    reason: choice.reason,
  };
}
