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
 *
 * Firefox's WebGPU has given wrong output for llama.cpp models (reported upstream on Firefox 154), so
 * on Firefox 'auto' stays on the CPU; only Runs on → WebGPU, the user's own known-good check, offloads.
 */

export type WllamaBackendSetting = 'auto' | 'webgpu' | 'cpu';

/** The browser the engine runs in, as its entry point knows it. */
export type WllamaBrowser = 'chromium' | 'firefox';

/** Why that backend, as a code the UI words (src/ui/shared/backend-words.ts). */
export type WllamaBackendCause =
  | { code: 'set-cpu' }
  | { code: 'no-adapter' }
  | { code: 'missing-features'; params: { features: string } }
  | { code: 'no-jspi' }
  | { code: 'firefox-webgpu'; params: { adapter: string } }
  | { code: 'software-adapter'; params: { adapter: string } }
  | { code: 'webgpu'; params: { adapter: string } };

export interface WllamaBackendDecision {
  backend: 'webgpu' | 'cpu';
  /** Why, in English for logs: "CPU: WebGPU adapter lacks shader-f16 …" or "WebGPU on google swiftshader". */
  reason: string;
  cause: WllamaBackendCause;
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
  env: { jspi: boolean; browser: WllamaBrowser },
): WllamaBackendDecision {
  if (setting === 'cpu')
    return {
      backend: 'cpu',
      reason: 'CPU, as set in Options → Model → Runs on.',
      cause: { code: 'set-cpu' },
    };
  if (!probe.available)
    return {
      backend: 'cpu',
      reason: `CPU: no WebGPU adapter. ${probe.reason ?? ''}`.trim(),
      cause: { code: 'no-adapter' },
    };
  const missing = missingAdapterFeatures(probe);
  if (missing.length > 0)
    return {
      backend: 'cpu',
      reason: `CPU: WebGPU adapter lacks ${missing.join(', ')}, which llama.cpp's WebGPU backend requires.`,
      cause: { code: 'missing-features', params: { features: missing.join(', ') } },
    };
  if (!env.jspi)
    return {
      backend: 'cpu',
      reason: 'CPU: this browser lacks WebAssembly JSPI, which wllama needs to use WebGPU.',
      cause: { code: 'no-jspi' },
    };
  const adapter = [probe.vendor, probe.architecture].filter(Boolean).join(' ') || 'this adapter';
  if (env.browser === 'firefox' && setting === 'auto')
    return {
      backend: 'cpu',
      reason: `CPU: Firefox's WebGPU (${adapter}) has given wrong output for llama.cpp models; set Options → Model → Runs on → WebGPU to use it anyway.`,
      cause: { code: 'firefox-webgpu', params: { adapter } },
    };
  if (probe.software && setting === 'auto')
    return {
      backend: 'cpu',
      reason: `CPU: the WebGPU adapter (${adapter}) is a software one, slower than the CPU path.`,
      cause: { code: 'software-adapter', params: { adapter } },
    };
  return {
    backend: 'webgpu',
    reason: `WebGPU on ${adapter}.`,
    cause: { code: 'webgpu', params: { adapter } },
  };
}

/** Whether this JavaScript engine has WebAssembly JSPI (`WebAssembly.Suspending`). */
export function hasJspi(): boolean {
  const wasm = (globalThis as { WebAssembly?: { Suspending?: unknown } }).WebAssembly;
  return typeof wasm?.Suspending === 'function';
}
