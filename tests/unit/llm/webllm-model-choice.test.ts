import { describe, expect, it } from 'vitest';
import type { WebGpuProbe } from '../../../src/llm/webgpu-probe';
import { probeWebGpu } from '../../../src/llm/webgpu-probe';
import { chooseModel, qwen3Catalog } from '../../../src/llm/webllm/catalog';
import { RECORDS } from './webllm-records';

const GiB = 1024 ** 3;
const catalog = qwen3Catalog(RECORDS);
const gpu = (over: Partial<WebGpuProbe> = {}): WebGpuProbe => ({
  available: true,
  vendor: 'nvidia',
  architecture: 'ampere',
  software: false,
  features: { shaderF16: true },
  limits: { maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 4 * GiB },
  ...over,
});

describe('model choice', () => {
  it('keeps only Qwen3 q4 records', () => {
    expect(catalog.map((e) => e.id)).toHaveLength(8);
  });

  it('uses q4f16 only with shader-f16, else q4f32', () => {
    expect(chooseModel(gpu(), catalog).model?.id).toBe('Qwen3-8B-q4f16_1-MLC');
    expect(chooseModel(gpu({ features: { shaderF16: false } }), catalog).model?.id).toBe(
      'Qwen3-8B-q4f32_1-MLC',
    );
  });

  it('picks smaller models when the GPU reports smaller limits or less memory', () => {
    const oneGiB = { maxBufferSize: GiB, maxStorageBufferBindingSize: GiB };
    expect(chooseModel(gpu({ limits: oneGiB }), catalog).model?.id).toBe('Qwen3-8B-q4f16_1-MLC');
    expect(chooseModel(gpu({ limits: oneGiB, deviceMemoryGb: 4 }), catalog).model?.id).toBe(
      'Qwen3-1.7B-q4f16_1-MLC',
    );
    expect(chooseModel(gpu({ deviceMemoryGb: 8 }), catalog).model?.id).toBe('Qwen3-8B-q4f16_1-MLC');
    const small = { maxBufferSize: 256 * 1024 ** 2, maxStorageBufferBindingSize: 128 * 1024 ** 2 };
    expect(chooseModel(gpu({ limits: small, features: { shaderF16: false } }), catalog).model?.id).toBe(
      'Qwen3-0.6B-q4f32_1-MLC',
    );
  });

  it('honours a preferred model that fits, swapping to q4f32 without shader-f16', () => {
    const c = chooseModel(gpu({ features: { shaderF16: false } }), catalog, {
      preferred: 'Qwen3-4B-q4f16_1-MLC',
    });
    expect(c.model?.id).toBe('Qwen3-4B-q4f32_1-MLC');
    expect(c.reason).toMatch(/shader-f16/);
  });

  it('gives its reason in whole sentences (the first-run guide shows it under the model)', () => {
    expect(
      chooseModel(
        gpu({ software: true, architecture: 'swiftshader', features: { shaderF16: false } }),
        catalog,
      ).reason,
    ).toBe(
      'Software WebGPU (swiftshader) is very slow, so Sleuth uses the smallest model. The GPU lacks 16-bit shaders (shader-f16), so it runs the q4f32 build.',
    );
    expect(chooseModel(gpu({ deviceMemoryGb: 8 }), catalog).reason).toMatch(
      /^The largest model that fits about \d+ MB of GPU memory\. The GPU supports 16-bit shaders, so it runs the q4f16 build\.$/,
    );
  });

  it('uses the smallest model on a software adapter and none without WebGPU', () => {
    expect(chooseModel(gpu({ software: true, architecture: 'swiftshader' }), catalog).model?.size).toBe(
      '0.6B',
    );
    const none = chooseModel({ ...gpu(), available: false, reason: 'no adapter' }, catalog);
    expect(none).toEqual({ model: null, reason: 'no adapter' });
  });
});

describe('probeWebGpu', () => {
  it('reports a missing API or adapter plainly and never throws', async () => {
    expect(await probeWebGpu(undefined, undefined)).toMatchObject({
      available: false,
      reason: /navigator.gpu/,
    });
    expect(await probeWebGpu({ requestAdapter: async () => null })).toMatchObject({ available: false });
    expect(
      await probeWebGpu({
        requestAdapter: async () => {
          throw new Error('boom');
        },
      }),
    ).toMatchObject({ available: false, reason: /boom/ });
  });

  it('reads features, limits and a SwiftShader adapter as software', async () => {
    const p = await probeWebGpu(
      {
        requestAdapter: async () => ({
          features: new Set<string>(),
          limits: { maxBufferSize: GiB, maxStorageBufferBindingSize: GiB / 2 },
          info: { vendor: 'google', architecture: 'swiftshader' },
        }),
      },
      8,
    );
    expect(p).toMatchObject({
      available: true,
      software: true,
      features: { shaderF16: false },
      deviceMemoryGb: 8,
    });
  });
});
