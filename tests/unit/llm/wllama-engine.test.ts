import type { RawCompletionChunk, RawCompletionParams } from '@wllama/wllama';
import { describe, expect, it } from 'vitest';
import { buildDrVenusGrammar } from '../../../src/llm/drvenus-grammar';
import { parseGgufModelId } from '../../../src/llm/wllama/gguf-catalog';
import type { WllamaInstance, WllamaModule } from '../../../src/llm/wllama/wllama-engine';
import { WllamaEngine } from '../../../src/llm/wllama/wllama-engine';

type Params = RawCompletionParams & { stream: true; onData: (c: RawCompletionChunk) => void };

function fake(
  pieces: string[],
  opts: { loadInfo?: Record<string, unknown>; logLines?: string[]; chatError?: Error } = {},
) {
  const seen: {
    log?: { info: (...a: unknown[]) => void };
    url?: string;
    blobs?: Blob[];
    load?: Record<string, unknown>;
    prompts: string[];
    params: Params[];
    compat?: { value: unknown; beforeLoad: boolean };
  } = {
    prompts: [],
    params: [],
  };
  const chunk = (text: string, finish: 'stop' | 'length' | null = null): RawCompletionChunk => ({
    id: 'x',
    object: 'text_completion',
    created: 0,
    model: 'm',
    choices: [{ text, index: 0, finish_reason: finish, logprobs: null }],
  });
  const instance: WllamaInstance = {
    async loadModelFromUrl(url, params) {
      seen.url = url;
      seen.load = { ...params };
      params?.progressCallback?.({ loaded: 50, total: 100 });
    },
    async loadModel(blobs, params) {
      seen.blobs = blobs;
      seen.load = { ...params };
      for (const line of opts.logLines ?? []) seen.log?.info(line);
    },
    getNumThreads: () => Number(seen.load?.n_threads ?? 1),
    setCompat(value) {
      seen.compat = { value, beforeLoad: seen.load === undefined };
    },
    async createCompletion(params) {
      seen.params.push(params);
      seen.prompts.push(String(params.prompt));
      if (opts.chatError) throw opts.chatError;
      for (const p of pieces) {
        await new Promise((ok) => setTimeout(ok, 1));
        if (params.abortSignal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        params.onData(chunk(p));
      }
      params.onData({
        ...chunk('', 'stop'),
        usage: { prompt_tokens: 12, completion_tokens: pieces.length, total_tokens: 0 },
      });
    },
    getLoadedContextInfo: () =>
      ({ n_ctx: 4096, ...opts.loadInfo }) as unknown as ReturnType<WllamaInstance['getLoadedContextInfo']>,
    exit: async () => {},
  };
  const mod: WllamaModule = {
    Wllama: class {
      constructor(_paths: unknown, config?: { logger?: { info: (...a: unknown[]) => void } }) {
        if (config?.logger) seen.log = config.logger;
        // biome-ignore lint/correctness/noConstructorReturn: the fake hands out one shared instance
        return instance;
      }
    } as unknown as WllamaModule['Wllama'],
  };
  return { mod, seen };
}

describe('WllamaEngine', () => {
  it("turns off wllama's CDN-hosted compat build before loading, so no code comes from outside the extension", async () => {
    const f = fake([]);
    const e = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod, files: async () => [] });
    await e.load('dr-venus-4b-rl');
    expect(f.seen.compat).toEqual({ value: null, beforeLoad: true });
  });

  it('loads the shards its file source hands over, with the threads given, and streams a ChatML prompt', async () => {
    const f = fake(['<think>\nA', '\n</think>\n<answer>\nB\n</answer>']);
    const shards = [new Blob(['a']), new Blob(['b'])];
    const asked: string[] = [];
    const e = new WllamaEngine({
      wasmUrl: '/w.wasm',
      loadModule: async () => f.mod,
      nGpuLayers: 0,
      nThreads: 2,
      files: async (id) => {
        asked.push(id);
        return shards;
      },
    });
    await e.load('dr-venus-4b-rl');
    expect(asked).toEqual(['dr-venus-4b-rl']);
    expect(f.seen.blobs).toEqual(shards);
    expect(f.seen.load).toMatchObject({ n_ctx: 8192, n_threads: 2, n_gpu_layers: 0 });
    expect(e.info()).toMatchObject({ loaded: true, threads: 2, backend: 'cpu', contextWindow: 4096 });
    const deltas: string[] = [];
    const grammar = buildDrVenusGrammar({ actions: ['answer'] });
    const r = await e.chat(
      [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Q' },
      ],
      { maxTokens: 64, grammar, onDelta: (d) => deltas.push(d) },
    );
    expect(f.seen.prompts[0]).toBe(
      '<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n',
    );
    expect(f.seen.params[0]).toMatchObject({ grammar, max_tokens: 64, stream: true });
    expect(r.text).toBe('<think>\nA\n</think>\n<answer>\nB\n</answer>');
    expect(deltas.join('')).toBe(r.text);
    expect(r.usage).toMatchObject({ promptTokens: 12, completionTokens: 2 });
  });

  it('holds windows above 8K in a q8_0 KV cache on the CPU, so they fit in wasm memory; f16 below and on WebGPU', async () => {
    const loaded = async (contextWindow: number, nGpuLayers?: number) => {
      const f = fake([]);
      const e = new WllamaEngine({
        wasmUrl: '/w.wasm',
        loadModule: async () => f.mod,
        contextWindow,
        ...(nGpuLayers === undefined ? {} : { nGpuLayers }),
        files: async () => [new Blob(['a'])],
      });
      await e.load('dr-venus-4b-rl');
      return f.seen.load ?? {};
    };
    const quantised = { cache_type_k: 'q8_0', cache_type_v: 'q8_0', flash_attn: true };
    expect(await loaded(16384, 0)).toMatchObject({ n_ctx: 16384, ...quantised });
    for (const load of [await loaded(8192, 0), await loaded(16384)]) {
      expect(load).not.toHaveProperty('cache_type_k');
      expect(load).not.toHaveProperty('cache_type_v');
    }
  });

  it('says WebGPU with the layers llama.cpp offloaded, and CPU with the reason when it offloaded none', async () => {
    const load = async (logLines: string[]) => {
      const f = fake([], { logLines });
      const e = new WllamaEngine({
        wasmUrl: '/w.wasm',
        loadModule: async () => f.mod,
        files: async () => [],
      });
      await e.load('m');
      return e.info();
    };
    expect(await load(['load_tensors: offloaded 37/37 layers to GPU'])).toMatchObject({
      backend: 'webgpu',
      gpuLayers: { offloaded: 37, total: 37 },
      backendReason: 'WebGPU: 37/37 layers offloaded.',
    });
    // What wllama 3.8.1 logs on SwiftShader: the layers stay on the CPU and no offload line appears.
    expect(await load(['load_tensors: layer   0 assigned to device CPU, is_swa = 0'])).toMatchObject({
      backend: 'cpu',
      backendReason: 'CPU: llama.cpp put no layers on a WebGPU device.',
    });
  });

  it('cuts at a stop string the backend let through', async () => {
    const f = fake(['<think>\nA\n</think>\n<tool_call>\n{}\n</tool_call>\n<tool_re', 'sponse>\nmade up']);
    const e = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod });
    await e.load('https://example.org/m.gguf');
    const deltas: string[] = [];
    const r = await e.chat([{ role: 'user', content: 'Q' }], {
      maxTokens: 64,
      stop: ['<tool_response>'],
      onDelta: (d) => deltas.push(d),
    });
    expect(r.text).toBe('<think>\nA\n</think>\n<tool_call>\n{}\n</tool_call>\n');
    expect(deltas.join('')).toBe(r.text);
    expect(r.finishReason).toBe('stop');
  });

  it('rejects with AbortError on abort and stays usable', async () => {
    const f = fake(Array.from({ length: 30 }, () => 'x'));
    const e = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod });
    await e.load('https://example.org/m.gguf');
    const ctrl = new AbortController();
    let n = 0;
    const p = e.chat([{ role: 'user', content: 'Q' }], {
      maxTokens: 64,
      signal: ctrl.signal,
      onDelta: () => {
        if (++n === 2) ctrl.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const again = await e.chat([{ role: 'user', content: 'Q' }], { maxTokens: 64 });
    expect(again.text).toBe('x'.repeat(30));
  });

  it('turns a load that resolved without a context into an error', async () => {
    const f = fake([], { loadInfo: { success: false } });
    const e = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod });
    await expect(e.load('https://example.org/m.gguf')).rejects.toMatchObject({ code: 'bad-response' });
    expect(e.info().loaded).toBe(false);
  });

  it('names the model when generation hits a damaged file, and unloads it', async () => {
    // An absurd size read from a damaged file (not 1163217991: see wllama-unreadable-reply.test.ts).
    const f = fake([], { chatError: new RangeError('Invalid typed array length: 3735928559') });
    const e = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod });
    await e.load('https://example.org/m.gguf');
    const chat = e.chat([{ role: 'user', content: 'Q' }], { maxTokens: 8 });
    await expect(chat).rejects.toMatchObject({
      message: expect.stringContaining('https://example.org/m.gguf'),
    });
    expect(e.info().loaded).toBe(false);
  });

  it('reads model ids: catalog, repo, repo file, URL; rejects the rest', async () => {
    expect(parseGgufModelId('dr-venus-4b-rl')).toMatchObject({ kind: 'catalog' });
    expect(parseGgufModelId('hf:owner/repo')).toEqual({ kind: 'repo', repo: 'owner/repo' });
    expect(parseGgufModelId('hf:owner/repo/sub/model.gguf')).toEqual({
      kind: 'repo',
      repo: 'owner/repo',
      file: 'sub/model.gguf',
    });
    expect(parseGgufModelId('hf:owner/repo/../x.gguf')).toBeNull();
    expect(parseGgufModelId('https://x.test/m.gguf')).toEqual({ kind: 'url', url: 'https://x.test/m.gguf' });
    expect(parseGgufModelId('javascript:alert(1)')).toBeNull();
    const e = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => fake([]).mod });
    await expect(e.load('not a model')).rejects.toMatchObject({ code: 'not-loaded' });
  });
});

describe('DR-Venus grammar', () => {
  it('limits visits to the given URLs, escaped as JSON inside GBNF literals', () => {
    const g = buildDrVenusGrammar({ actions: ['visit'], urls: ['https://a.test/x?q="1"'] });
    expect(g).toContain('url ::= "\\"https://a.test/x?q=\\\\\\"1\\\\\\"\\""');
    expect(g).not.toMatch(/search ::=|answer ::=/);
    expect(g.startsWith('root ::= think (visit)')).toBe(true);
  });
});
