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
const jspi = { jspi: true };

describe('wllama backend decision', () => {
  it('SwiftShader: CPU, because the adapter lacks shader-f16, whatever the setting asks', () => {
    expect(missingAdapterFeatures(swiftshader)).toEqual(['shader-f16']);
    for (const setting of ['auto', 'webgpu'] as const) {
      expect(decideWllamaBackend(setting, swiftshader, jspi)).toEqual({
        backend: 'cpu',
        reason: "CPU: WebGPU adapter lacks shader-f16, which llama.cpp's WebGPU backend requires.",
      });
    }
  });

  it('a hardware adapter with shader-f16 offloads, and says on what', () => {
    expect(missingAdapterFeatures(hardware)).toEqual([]);
    expect(decideWllamaBackend('auto', hardware, jspi)).toEqual({
      backend: 'webgpu',
      reason: 'WebGPU on nvidia ada.',
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
    expect(decideWllamaBackend('auto', hardware, { jspi: false }).reason).toMatch(
      /^CPU: this browser lacks WebAssembly JSPI/,
    );
    expect(decideWllamaBackend('cpu', hardware, jspi)).toEqual({
      backend: 'cpu',
      reason: 'CPU, as set in Options → Model → Runs on.',
    });
  });
});
