import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../../src/llm/engine';
import { progressStats } from '../../../src/llm/progress-stats';
import type { WebGpuProbe } from '../../../src/llm/webgpu-probe';
import { probeWebGpu } from '../../../src/llm/webgpu-probe';
import { chooseModel, type ModelRecordLike, qwen3Catalog } from '../../../src/llm/webllm-catalog';
import { WebLlmEngine } from '../../../src/llm/webllm-engine';
import { parseWebLlmProgress } from '../../../src/llm/webllm-progress';
import type { WebLlmChunk, WebLlmModule, WebLlmRequest } from '../../../src/llm/webllm-types';

const GiB = 1024 ** 3;
const rec = (id: string, vram: number): ModelRecordLike => ({
  model: `https://huggingface.co/mlc-ai/${id}`,
  model_id: id,
  model_lib: `https://example.org/${id}.wasm`,
  vram_required_MB: vram,
});
const RECORDS = [
  rec('Qwen3-0.6B-q4f16_1-MLC', 1403),
  rec('Qwen3-0.6B-q4f32_1-MLC', 1925),
  rec('Qwen3-0.6B-q0f16-MLC', 2220),
  rec('Qwen3-1.7B-q4f16_1-MLC', 2037),
  rec('Qwen3-1.7B-q4f32_1-MLC', 2635),
  rec('Qwen3-4B-q4f16_1-MLC', 3432),
  rec('Qwen3-4B-q4f32_1-MLC', 4328),
  rec('Qwen3-8B-q4f16_1-MLC', 5696),
  rec('Qwen3-8B-q4f32_1-MLC', 6853),
  rec('Llama-3-8B-q4f16_1-MLC', 5000),
];
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

describe('progress', () => {
  it('computes speed over recent samples and the time left', () => {
    const s = progressStats(
      [
        { at: 0, loadedBytes: 0 },
        { at: 1000, loadedBytes: 10e6 },
        { at: 2000, loadedBytes: 20e6 },
      ],
      100e6,
    );
    expect(s.bytesPerSecond).toBeCloseTo(10e6);
    expect(s.secondsLeft).toBeCloseTo(8);
    expect(progressStats([{ at: 0, loadedBytes: 5 }], 10).secondsLeft).toBeNull();
  });

  it('reads bytes from web-llm progress text', () => {
    const p = parseWebLlmProgress({
      progress: 0.5,
      timeElapsed: 3,
      text: 'Fetching param cache[3/40]: 100MB fetched. 50% completed',
    });
    expect(p.loadedBytes).toBe(100 * 1024 * 1024);
    expect(p.totalBytes).toBe(200 * 1024 * 1024);
    expect(p.fraction).toBe(0.5);
  });
});

function fakeModule(opts: { reloadError?: Error; chunks?: WebLlmChunk[]; chatError?: Error } = {}) {
  const requests: WebLlmRequest[] = [];
  const reloads: { id: string; ctx?: number }[] = [];
  const deleted: string[] = [];
  let interrupted = false;
  const mod: WebLlmModule = {
    prebuiltAppConfig: { model_list: RECORDS },
    hasModelInCache: async () => false,
    deleteModelAllInfoInCache: async (id) => {
      deleted.push(id);
    },
    MLCEngine: class {
      constructor(
        private readonly cfg?: {
          initProgressCallback?: (r: { progress: number; timeElapsed: number; text: string }) => void;
        },
      ) {}
      async reload(id: string, chatOpts?: { context_window_size?: number }) {
        this.cfg?.initProgressCallback?.({
          progress: 0.25,
          timeElapsed: 1,
          text: 'Fetching param cache[1/4]: 50MB fetched.',
        });
        if (opts.reloadError) throw opts.reloadError;
        reloads.push({ id, ...(chatOpts?.context_window_size ? { ctx: chatOpts.context_window_size } : {}) });
      }
      chat = {
        completions: {
          create: async (req: WebLlmRequest) => {
            requests.push(req);
            if (opts.chatError) throw opts.chatError;
            const chunks = opts.chunks ?? [];
            return (async function* () {
              for (const c of chunks) {
                await new Promise((ok) => setTimeout(ok, 1));
                if (interrupted) {
                  yield { choices: [{ delta: {}, finish_reason: 'abort' }] };
                  return;
                }
                yield c;
              }
            })();
          },
        },
      };
      interruptGenerate() {
        interrupted = true;
      }
      async unload() {}
    },
  };
  return { mod, requests, reloads, deleted };
}

const delta = (content: string, finish: string | null = null): WebLlmChunk => ({
  choices: [{ delta: { content }, finish_reason: finish }],
});

describe('WebLlmEngine', () => {
  afterEach(() => vi.unstubAllGlobals());
  const withGpu = () => vi.stubGlobal('navigator', { gpu: {} });

  it('refuses to load without WebGPU, pointing at the other engines', async () => {
    vi.stubGlobal('navigator', {});
    const e = new WebLlmEngine({ loadModule: async () => fakeModule().mod });
    await expect(e.load('Qwen3-0.6B-q4f32_1-MLC')).rejects.toMatchObject({
      code: 'no-webgpu',
      hint: /wllama/,
    });
  });

  it('loads with the context window override and passes messages and sampling through unchanged', async () => {
    withGpu();
    const f = fakeModule({
      chunks: [
        delta('<think>\nhi'),
        delta('\n</think>\n<answer>x</answer>', 'stop'),
        {
          choices: [],
          usage: {
            prompt_tokens: 40,
            completion_tokens: 9,
            extra: { prefill_tokens_per_s: 500, decode_tokens_per_s: 30 },
          },
        },
      ],
    });
    const progress: number[] = [];
    const e = new WebLlmEngine({ loadModule: async () => f.mod });
    await e.load('Qwen3-0.6B-q4f32_1-MLC', { onProgress: (p) => progress.push(p.fraction) });
    expect(f.reloads).toEqual([{ id: 'Qwen3-0.6B-q4f32_1-MLC', ctx: 8192 }]);
    expect(progress).toEqual([0.25, 1]);
    expect(e.info()).toMatchObject({ loaded: true, contextWindow: 8192 });
    const messages = [
      { role: 'system' as const, content: 'S' },
      { role: 'user' as const, content: 'Q' },
      { role: 'assistant' as const, content: '<think>\nkeep me\n</think>\n<tool_call>…</tool_call>' },
      { role: 'user' as const, content: '<tool_response>\nR\n</tool_response>' },
    ];
    const r = await e.chat(messages, {
      maxTokens: 2048,
      temperature: 0.6,
      topP: 0.95,
      stop: ['<tool_response>'],
    });
    expect(f.requests[0]).toEqual({
      messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 2048,
      temperature: 0.6,
      top_p: 0.95,
      stop: ['<tool_response>'],
    });
    expect(r).toEqual({
      text: '<think>\nhi\n</think>\n<answer>x</answer>',
      finishReason: 'stop',
      usage: {
        promptTokens: 40,
        completionTokens: 9,
        prefillTokensPerSecond: 500,
        decodeTokensPerSecond: 30,
      },
    });
  });

  it('maps an offline download to a plain message and clears the half-cached model', async () => {
    withGpu();
    const f = fakeModule({ reloadError: new TypeError('Failed to fetch') });
    const e = new WebLlmEngine({ loadModule: async () => f.mod });
    const err = await e.load('Qwen3-4B-q4f16_1-MLC').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ code: 'offline', message: /Could not download the model/ });
    expect(f.deleted).toEqual(['Qwen3-4B-q4f16_1-MLC']);
  });

  it('maps out-of-memory and device-lost errors', async () => {
    withGpu();
    const oom = new WebLlmEngine({
      loadModule: async () =>
        fakeModule({ reloadError: new Error('GPUBuffer allocation failed: out of memory') }).mod,
    });
    await expect(oom.load('Qwen3-8B-q4f16_1-MLC')).rejects.toMatchObject({
      code: 'out-of-memory',
      hint: /smaller model/,
    });
    const lostErr = Object.assign(new Error('The WebGPU device was lost while loading the model.'), {
      name: 'DeviceLostError',
    });
    const lost = new WebLlmEngine({ loadModule: async () => fakeModule({ chatError: lostErr }).mod });
    await lost.load('Qwen3-0.6B-q4f32_1-MLC');
    await expect(lost.chat([{ role: 'user', content: 'q' }], { maxTokens: 5 })).rejects.toMatchObject({
      code: 'device-lost',
    });
    expect(lost.info().loaded).toBe(false);
  });

  it('interrupts generation on abort and rejects with AbortError', async () => {
    withGpu();
    const f = fakeModule({ chunks: Array.from({ length: 50 }, () => delta('x')) });
    const e = new WebLlmEngine({ loadModule: async () => f.mod });
    await e.load('Qwen3-0.6B-q4f32_1-MLC');
    const ctrl = new AbortController();
    let n = 0;
    const p = e.chat([{ role: 'user', content: 'q' }], {
      maxTokens: 100,
      signal: ctrl.signal,
      onDelta: () => {
        if (++n === 3) ctrl.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(n).toBeLessThan(10);
  });
});
