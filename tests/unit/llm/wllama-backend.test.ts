import { describe, expect, it } from 'vitest';
import type { WebGpuProbe } from '../../../src/llm/webgpu-probe';
import { decideWllamaBackend, missingAdapterFeatures } from '../../../src/llm/wllama/backend';

// What headless Chromium 156's SwiftShader adapter reported (adapter.features has no shader-f16).
const swiftshader: WebGpuProbe = {
  available: true,
  vendor: 'google',
  architecture: 'swiftshader',
  software: true,
  features: { shaderF16: false },
  limits: { maxBufferSize: 1 << 30, maxStorageBufferBindingSize: 1 << 30 },
};
const hardware: WebGpuProbe = {
  ...swiftshader,
  vendor: 'nvidia',
  architecture: 'ada',
  software: false,
  features: { shaderF16: true },
};
const none: WebGpuProbe = {
  ...swiftshader,
  available: false,
  reason: 'This browser does not expose WebGPU (navigator.gpu is missing).',
  vendor: '',
  architecture: '',
};
const jspi = { jspi: true, browser: 'chromium' } as const;
const firefox = { jspi: true, browser: 'firefox' } as const;

describe('wllama backend decision', () => {
  it('SwiftShader: CPU, because the adapter lacks shader-f16, whatever the setting asks', () => {
    expect(missingAdapterFeatures(swiftshader)).toEqual(['shader-f16']);
    for (const setting of ['auto', 'webgpu'] as const) {
      expect(decideWllamaBackend(setting, swiftshader, jspi)).toEqual({
        backend: 'cpu',
        reason: "CPU: WebGPU adapter lacks shader-f16, which llama.cpp's WebGPU backend requires.",
        cause: { code: 'missing-features', params: { features: 'shader-f16' } },
      });
    }
  });

  it('a hardware adapter with shader-f16 offloads, and says on what', () => {
    expect(missingAdapterFeatures(hardware)).toEqual([]);
    expect(decideWllamaBackend('auto', hardware, jspi)).toEqual({
      backend: 'webgpu',
      reason: 'WebGPU on nvidia ada.',
      cause: { code: 'webgpu', params: { adapter: 'nvidia ada' } },
    });
  });

  it('a software adapter that had shader-f16 is used only when WebGPU is asked for', () => {
    const f16 = { ...swiftshader, features: { shaderF16: true } };
    expect(decideWllamaBackend('auto', f16, jspi).reason).toMatch(
      /^CPU: the WebGPU adapter \(google swiftshader\) is a software one/,
    );
    expect(decideWllamaBackend('webgpu', f16, jspi).backend).toBe('webgpu');
  });

  it('no adapter, no JSPI, or CPU chosen: CPU with the reason', () => {
    expect(decideWllamaBackend('webgpu', none, jspi).reason).toBe(
      'CPU: no WebGPU adapter. This browser does not expose WebGPU (navigator.gpu is missing).',
    );
    expect(decideWllamaBackend('auto', hardware, { ...jspi, jspi: false }).reason).toMatch(
      /^CPU: this browser lacks WebAssembly JSPI/,
    );
    expect(decideWllamaBackend('cpu', hardware, jspi)).toEqual({
      backend: 'cpu',
      reason: 'CPU, as set in Options → Model → Runs on.',
      cause: { code: 'set-cpu' },
    });
  });

  it("Firefox: CPU by default on an adapter Chromium would use, because Firefox's WebGPU has given wrong output", () => {
    expect(decideWllamaBackend('auto', hardware, firefox)).toEqual({
      backend: 'cpu',
      reason:
        "CPU: Firefox's WebGPU (nvidia ada) has given wrong output for llama.cpp models; set Options → Model → Runs on → WebGPU to use it anyway.",
      cause: { code: 'firefox-webgpu', params: { adapter: 'nvidia ada' } },
    });
    // Runs on → WebGPU is the user's own known-good check: it offloads.
    expect(decideWllamaBackend('webgpu', hardware, firefox).backend).toBe('webgpu');
    // A reason that holds in any browser still comes first.
    expect(decideWllamaBackend('auto', swiftshader, firefox).cause.code).toBe('missing-features');
    expect(decideWllamaBackend('auto', hardware, { ...firefox, jspi: false }).cause.code).toBe('no-jspi');
  });
});
