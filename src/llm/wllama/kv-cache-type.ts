import type { LoadModelParams } from '@wllama/wllama';

/**
 * Windows above this hold their KV cache in q8_0 (K and V, with the flash attention a quantised V
 * cache needs) on the CPU path; at or below it, llama.cpp's f16 default.
 *
 * Measured (`npm run bench -- kv-cache`, wllama 3.13.0 in Chromium, 2 threads): the wasm heap
 * tops out near 4 GiB, so the DR-Venus-4B-sized twin (2.50 GB of Q4_K_M weights) loads windows up
 * to 10K with f16 (not 12K) and up to 16K with q8_0 (not 20K); f16 KV is 144 KiB a token, q8_0
 * 76.5 KiB. q8_0 cost a third of prefill speed at a 2K prompt on the 1-layer twin and nothing on
 * the 4-layer one, and decoded 1.3–1.5× faster on both, so windows that fit in f16 keep it. The
 * WebGPU path is left alone: its KV cache was not measured.
 */
export const F16_KV_MAX_WINDOW = 8192;

export function kvCacheParams(
  contextSize: number,
  cpu: boolean,
): Pick<LoadModelParams, 'cache_type_k' | 'cache_type_v' | 'flash_attn'> {
  if (!cpu || contextSize <= F16_KV_MAX_WINDOW) return {};
  return { cache_type_k: 'q8_0', cache_type_v: 'q8_0', flash_attn: true };
}
