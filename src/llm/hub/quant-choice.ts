import { formatBytes } from '../progress-stats';
import type { WebGpuProbe } from '../webgpu-probe';
import { memoryBudgetMB } from '../webllm/catalog';
import type { GgufVariant } from './gguf-variants';

/**
 * Which quantisation of a GGUF model this device can run, and why. A model needs its weights,
 * the KV cache for the chosen context window, and working buffers; the device offers a share of
 * its memory (navigator.deviceMemory) or, with a real GPU, what the WebGPU limits suggest.
 */

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** llama.cpp's compute buffers and wllama's own copies, measured roughly on a 4B model. */
export const OVERHEAD_BYTES = 400 * MiB;

/** Best first: Q4_K_M is the usual quality/size sweet spot; smaller ones only when it does not fit. */
const PREFERENCE = [
  'Q4_K_M',
  'Q4_K_S',
  'Q4_K',
  'IQ4_XS',
  'IQ4_NL',
  'Q4_0',
  'Q3_K_L',
  'Q3_K_M',
  'IQ3_M',
  'Q3_K_S',
  'IQ3_XS',
  'IQ3_XXS',
  'Q2_K',
  'IQ2_M',
];
/** Larger than Q4 is taken only when a repo offers nothing from the list above. */
const LARGER = ['Q5_K_M', 'Q5_K_S', 'Q5_0', 'Q6_K', 'Q8_0', 'BF16', 'F16', 'F32'];

export interface DeviceBudget {
  bytes: number;
  /** Where the number comes from, for the reason shown to users. */
  source: string;
  /** A real (not software) WebGPU adapter is there to offload to. */
  gpu: boolean;
}

const gb = formatBytes;

export function deviceBudget(probe: WebGpuProbe): DeviceBudget {
  const ramGb = probe.deviceMemoryGb;
  // Chrome reports deviceMemory rounded down; the browser, the OS and other tabs need the rest.
  const ram = (ramGb ?? 4) * GiB * 0.6;
  const ramSource = ramGb === undefined ? 'an assumed 4 GB of memory' : `${ramGb} GB of device memory`;
  if (probe.available && !probe.software) {
    const gpu = memoryBudgetMB(probe) * MiB;
    if (gpu > ram)
      return {
        bytes: gpu,
        source: `the GPU (${probe.vendor || 'WebGPU'}, about ${gb(gpu)} usable)`,
        gpu: true,
      };
    return { bytes: ram, source: ramSource, gpu: true };
  }
  return { bytes: ram, source: ramSource, gpu: false };
}

export interface QuantChoice {
  variant: GgufVariant | null;
  /** Bytes the chosen (or smallest) variant needs with this window. */
  needBytes: number;
  reason: string;
}

export function neededBytes(variant: GgufVariant, kvBytesPerToken: number, contextWindow: number): number {
  return variant.totalBytes + kvBytesPerToken * contextWindow + OVERHEAD_BYTES;
}

function rank(quant: string): number {
  const i = PREFERENCE.indexOf(quant);
  if (i >= 0) return i;
  const j = LARGER.indexOf(quant);
  return j >= 0 ? PREFERENCE.length + j : PREFERENCE.length + LARGER.length;
}

export function chooseQuant(
  variants: readonly GgufVariant[],
  budget: DeviceBudget,
  opts: { kvBytesPerToken: number; contextWindow: number; preferred?: string },
): QuantChoice {
  if (variants.length === 0) return { variant: null, needBytes: 0, reason: 'The repo has no GGUF files.' };
  const need = (v: GgufVariant) => neededBytes(v, opts.kvBytesPerToken, opts.contextWindow);
  const window = `a ${opts.contextWindow}-token window`;
  const preferred = opts.preferred?.toUpperCase();
  if (preferred) {
    const wanted = variants.find((v) => v.quant === preferred);
    if (wanted) {
      const fits = need(wanted) <= budget.bytes;
      return {
        variant: wanted,
        needBytes: need(wanted),
        reason: fits
          ? `${wanted.quant}, your choice: needs about ${gb(need(wanted))} with ${window}; ${budget.source} allows about ${gb(budget.bytes)}.`
          : `${wanted.quant}, your choice, needs about ${gb(need(wanted))} with ${window}, more than the ${gb(budget.bytes)} ${budget.source} allows; it may not load.`,
      };
    }
  }
  const ordered = [...variants].sort((a, b) => rank(a.quant) - rank(b.quant) || a.totalBytes - b.totalBytes);
  const pick = ordered.find((v) => need(v) <= budget.bytes);
  if (!pick) {
    const smallest = [...variants].sort((a, b) => need(a) - need(b))[0];
    return {
      variant: null,
      needBytes: smallest ? need(smallest) : 0,
      reason: `Even the smallest file (${smallest?.quant}) needs about ${gb(smallest ? need(smallest) : 0)} with ${window}; ${budget.source} allows about ${gb(budget.bytes)}.`,
    };
  }
  const first = ordered[0];
  const fallback =
    first && first !== pick ? ` ${first.quant} would need about ${gb(need(first))}, more than that.` : '';
  return {
    variant: pick,
    needBytes: need(pick),
    reason: `${pick.quant}: needs about ${gb(need(pick))} (${gb(pick.totalBytes)} of weights plus the cache for ${window}); ${budget.source} allows about ${gb(budget.bytes)}.${fallback}`,
  };
}
