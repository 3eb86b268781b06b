import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../../src/llm/engine';
import type { WebLlmChunk, WebLlmModule, WebLlmRequest } from '../../../src/llm/webllm/types';
import { WebLlmEngine } from '../../../src/llm/webllm/webllm-engine';
import { RECORDS } from './webllm-records';

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
