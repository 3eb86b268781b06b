import type { WebGpuProbe } from '../webgpu-probe';

/**
 * Whether wllama should ask llama.cpp for WebGPU offload, decided before loading from what the
 * adapter offers, so a machine that cannot offload says why instead of silently running on the CPU.
 *
 * Measured with wllama 3.8.1 in Chromium 156 (README, Known limits): llama.cpp's WebGPU backend
 * registers no device unless the adapter has `shader-f16` (without it, not one `ggml_webgpu` line
 * is logged and every buffer is CPU); with the feature faked, its WGSL fails to compile ("extension
 * 'f16' is not allowed"), so nothing short of the feature works. SwiftShader, the software adapter
 * headless Chromium offers, lacks it. wllama also runs WebGPU only where WebAssembly JSPI exists
 * (else it falls back to its compat build or the CPU).
 */

export type WllamaBackendSetting = 'auto' | 'webgpu' | 'cpu';

export interface WllamaBackendDecision {
  backend: 'webgpu' | 'cpu';
  /** Why, for people: "CPU: WebGPU adapter lacks shader-f16 …" or "WebGPU on google swiftshader". */
  reason: string;
}

export type BackendProbe = Pick<
  WebGpuProbe,
  'available' | 'reason' | 'software' | 'features' | 'vendor' | 'architecture'
>;

/** Features llama.cpp's WebGPU backend cannot run without (it asks for subgroups only when offered). */
export const REQUIRED_ADAPTER_FEATURES = ['shader-f16'] as const;

export function missingAdapterFeatures(probe: BackendProbe): string[] {
  return probe.features.shaderF16 ? [] : [...REQUIRED_ADAPTER_FEATURES];
}

export function decideWllamaBackend(
  setting: WllamaBackendSetting,
  probe: BackendProbe,
  env: { jspi: boolean },
): WllamaBackendDecision {
  if (setting === 'cpu') return { backend: 'cpu', reason: 'CPU, as set in Options → Model → Runs on.' };
  if (!probe.available)
    return { backend: 'cpu', reason: `CPU: no WebGPU adapter. ${probe.reason ?? ''}`.trim() };
  const missing = missingAdapterFeatures(probe);
  if (missing.length > 0)
    return {
      backend: 'cpu',
      reason: `CPU: WebGPU adapter lacks ${missing.join(', ')}, which llama.cpp's WebGPU backend requires.`,
    };
  if (!env.jspi)
    return {
      backend: 'cpu',
      reason: 'CPU: this browser lacks WebAssembly JSPI, which wllama needs to use WebGPU.',
    };
  const name = [probe.vendor, probe.architecture].filter(Boolean).join(' ') || 'this adapter';
  if (probe.software && setting === 'auto')
    return {
      backend: 'cpu',
      reason: `CPU: the WebGPU adapter (${name}) is a software one, slower than the CPU path.`,
    };
  return { backend: 'webgpu', reason: `WebGPU on ${name}.` };
}

/** Whether this JavaScript engine has WebAssembly JSPI (`WebAssembly.Suspending`). */
export function hasJspi(): boolean {
  const wasm = (globalThis as { WebAssembly?: { Suspending?: unknown } }).WebAssembly;
  return typeof wasm?.Suspending === 'function';
}
