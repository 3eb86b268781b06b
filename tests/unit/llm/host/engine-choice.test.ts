import { describe, expect, it } from 'vitest';
import { createEngineChooser } from '../../../../src/llm/host/engine-choice';
import type { WebGpuProbe } from '../../../../src/llm/webgpu-probe';
import { qwen3Catalog } from '../../../../src/llm/webllm-catalog';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';

const record = (id: string, vram: number) => ({
  model: `https://hf.co/mlc-ai/${id}`,
  model_id: id,
  model_lib: `${id}.wasm`,
  vram_required_MB: vram,
});
const catalog = qwen3Catalog([
  record('Qwen3-0.6B-q4f16_1-MLC', 1400),
  record('Qwen3-0.6B-q4f32_1-MLC', 1900),
  record('Qwen3-4B-q4f32_1-MLC', 5000),
]);
const noGpu: WebGpuProbe = {
  available: false,
  reason: 'This browser exposes no WebGPU adapter.',
  vendor: '',
  architecture: '',
  software: false,
  features: { shaderF16: false },
  limits: { maxBufferSize: 0, maxStorageBufferBindingSize: 0 },
};

function chooser(probe: WebGpuProbe = noGpu) {
  return createEngineChooser({
    wasmUrl: 'chrome-extension://x/wllama/wllama.wasm',
    probe: async () => probe,
    catalog: async () => catalog,
    secret: async () => undefined,
  });
}

describe('engine choice', () => {
  it('without WebGPU, says so and points to wllama or a server', async () => {
    const err = await chooser()({ ...DEFAULT_SETTINGS, engine: 'web-llm', webllmModel: '' }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'no-webgpu' });
    expect(String((err as { hint?: string }).hint)).toMatch(/wllama|server/i);
  });

  it('asks for a model name before using a model server', async () => {
    const err = await chooser()({ ...DEFAULT_SETTINGS, engine: 'openai', openaiModel: ' ' }).catch(
      (e: unknown) => e,
    );
    expect(String((err as Error).message)).toMatch(/No model name/);
  });

  it('loads the first DR-Venus GGUF preset when no GGUF is set, and reloads when the model changes', async () => {
    const choose = chooser();
    const a = await choose({ ...DEFAULT_SETTINGS, engine: 'wllama', wllamaModelUrl: '' });
    expect(a.modelId).toMatch(/^dr-venus-4b-/);
    const b = await choose({
      ...DEFAULT_SETTINGS,
      engine: 'wllama',
      wllamaModelUrl: 'https://example.org/m.gguf',
    });
    expect(b.key).not.toBe(a.key);
  });

  it('a chosen web-llm model is used as is, even without probing', async () => {
    const c = await chooser()({
      ...DEFAULT_SETTINGS,
      engine: 'web-llm',
      webllmModel: 'Qwen3-4B-q4f32_1-MLC',
    });
    expect(c.modelId).toBe('Qwen3-4B-q4f32_1-MLC');
    expect(c.kind).toBe('web-llm');
  });
});
