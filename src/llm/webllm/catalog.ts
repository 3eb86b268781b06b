import type { WebGpuProbe } from '../webgpu-probe';

/**
 * The on-device model list (web-llm's prebuilt Qwen3 records) and the pure choice of a model
 * for a given GPU. The records come from `prebuiltAppConfig.model_list`, passed in so this module
 * does not import web-llm.
 */

export type Qwen3Size = '0.6B' | '1.7B' | '4B' | '8B';
export type Quantization = 'q4f16_1' | 'q4f32_1';

export interface ModelRecordLike {
  model: string;
  model_id: string;
  model_lib: string;
  vram_required_MB?: number;
  low_resource_required?: boolean;
  overrides?: { context_window_size?: number };
}

export interface CatalogEntry {
  id: string;
  size: Qwen3Size;
  quantization: Quantization;
  vramMB: number;
  /** Approximate download size in bytes (q4 weights + tokenizer); for the UI and ETA only. */
  approxDownloadBytes: number;
  record: ModelRecordLike;
}

const SIZES: readonly Qwen3Size[] = ['0.6B', '1.7B', '4B', '8B'];
/** Approximate q4 download sizes (weights ≈ params × 0.56 bytes + embeddings); not from the records. */
const APPROX_DOWNLOAD: Record<Qwen3Size, number> = {
  '0.6B': 340e6,
  '1.7B': 980e6,
  '4B': 2.3e9,
  '8B': 4.6e9,
};

export function qwen3Catalog(modelList: readonly ModelRecordLike[]): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const record of modelList) {
    const m = /^Qwen3-(0\.6B|1\.7B|4B|8B)-(q4f16_1|q4f32_1)-MLC$/.exec(record.model_id);
    if (!m) continue;
    const size = m[1] as Qwen3Size;
    const quantization = m[2] as Quantization;
    out.push({
      id: record.model_id,
      size,
      quantization,
      vramMB: record.vram_required_MB ?? 0,
      approxDownloadBytes: APPROX_DOWNLOAD[size],
      record,
    });
  }
  return out.sort(
    (a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size) || a.quantization.localeCompare(b.quantization),
  );
}

export interface ModelChoice {
  model: CatalogEntry | null;
  /** Why this one (or why none), in words for the Options page. */
  reason: string;
}

const MiB = 1024 * 1024;

/**
 * Memory budget in MB the GPU can probably give a model. WebGPU does not report VRAM, so this
 * leans on what it does report: the largest buffer it allows (GPUs with ≥ 2 GiB buffers are
 * discrete or large unified ones) and, where present, navigator.deviceMemory (capped at 8 by
 * Chrome; integrated GPUs share it with everything else, hence the 3/4).
 */
export function memoryBudgetMB(probe: WebGpuProbe): number {
  const maxBuffer = Math.min(
    probe.limits.maxBufferSize,
    probe.limits.maxStorageBufferBindingSize || Infinity,
  );
  let budget: number;
  if (maxBuffer >= 2048 * MiB) budget = 16384;
  else if (maxBuffer >= 1024 * MiB) budget = 6144;
  else if (maxBuffer >= 256 * MiB) budget = 3072;
  else budget = 1536;
  if (probe.deviceMemoryGb !== undefined) budget = Math.min(budget, probe.deviceMemoryGb * 1024 * 0.75);
  return budget;
}

export function chooseModel(
  probe: WebGpuProbe,
  catalog: readonly CatalogEntry[],
  opts: { preferred?: string } = {},
): ModelChoice {
  if (!probe.available) {
    return { model: null, reason: probe.reason ?? 'WebGPU is not available.' };
  }
  const quantization: Quantization = probe.features.shaderF16 ? 'q4f16_1' : 'q4f32_1';
  const usable = catalog.filter((e) => e.quantization === quantization);
  if (usable.length === 0) return { model: null, reason: `No ${quantization} Qwen3 model in the catalog.` };
  // Whole sentences: the first-run guide shows these under the model's name.
  const whyQuant = probe.features.shaderF16
    ? 'The GPU supports 16-bit shaders, so it runs the q4f16 build.'
    : 'The GPU lacks 16-bit shaders (shader-f16), so it runs the q4f32 build.';
  if (probe.software) {
    const smallest = usable[0] ?? null;
    return {
      model: smallest,
      reason: `Software WebGPU (${probe.architecture || probe.vendor}) is very slow, so Sleuth uses the smallest model. ${whyQuant}`,
    };
  }
  const budget = memoryBudgetMB(probe);
  if (opts.preferred) {
    const wanted = catalog.find((e) => e.id === opts.preferred);
    if (wanted) {
      const sameSize = usable.find((e) => e.size === wanted.size);
      if (sameSize && sameSize.vramMB <= budget) {
        const swapped =
          sameSize.id !== wanted.id ? ` (${wanted.id} needs shader-f16; using ${sameSize.id})` : '';
        return { model: sameSize, reason: `Your choice${swapped}.` };
      }
    }
  }
  const fitting = usable.filter((e) => e.vramMB <= budget);
  const best = fitting.at(-1);
  if (!best) {
    const smallest = usable[0] ?? null;
    return {
      model: smallest,
      reason: `This GPU reports little memory (about ${Math.round(budget)} MB); trying the smallest model, which may not fit.`,
    };
  }
  const preferredNote = opts.preferred ? ` ${opts.preferred} needs more memory than this GPU reports.` : '';
  return {
    model: best,
    reason: `The largest model that fits about ${Math.round(budget)} MB of GPU memory. ${whyQuant}${preferredNote}`,
  };
}
