import type { Page } from 'playwright-core';

/** One KV-cache setting as wllama's load parameters name it. */
export interface KvSetting {
  name: string;
  k: 'f16' | 'q8_0';
  v: 'f16' | 'q8_0';
  /** Unset leaves llama.cpp's default; a quantised V cache needs flash attention on. */
  flashAttn?: boolean;
}

export interface LoadOutcome {
  ok: boolean;
  error?: string;
  loadMs: number;
  /** llama.cpp's own lines on the KV cache and compute buffers, as logged at load. */
  bufferLog: string[];
}

export interface GenerationOutcome {
  promptTokens: number;
  prefillTps: number;
  decodeTokens: number;
  decodeTps: number;
  /** The greedy continuation, to compare across settings. */
  text: string;
}

/**
 * Loads the page's model with one KV setting and keeps it loaded on `window.kvBench`, so the
 * caller can read the renderer's memory before generating or unloading.
 */
export function loadWith(
  page: Page,
  c: { threads: number; contextSize: number; batch: number; kv: KvSetting },
): Promise<LoadOutcome> {
  return page.evaluate(async (c) => {
    type W = typeof import('@wllama/wllama');
    const w = (window as unknown as { wllama: W }).wllama;
    const bufferLog: string[] = [];
    const scan = (...args: unknown[]) => {
      const line = args.map(String).join(' ');
      if (/kv_cache: size|flash_attn|Flash Attention|compute buffer size|error|fail|memory/i.test(line))
        bufferLog.push(line.trim());
    };
    const logger = { debug: scan, log: scan, info: scan, warn: scan, error: scan };
    const instance = new w.Wllama({ default: '/wllama/wasm/wllama.wasm' }, { logger });
    const t0 = performance.now();
    try {
      await instance.loadModelFromUrl(`${location.origin}/model.gguf`, {
        n_threads: c.threads,
        n_ctx: c.contextSize,
        n_batch: c.batch,
        n_gpu_layers: 0,
        seed: 11,
        useCache: false,
        cache_type_k: c.kv.k,
        cache_type_v: c.kv.v,
        ...(c.kv.flashAttn === undefined ? {} : { flash_attn: c.kv.flashAttn }),
      });
      const ctx = instance.getLoadedContextInfo() as { n_ctx?: number; success?: boolean };
      if (ctx.success === false || !((ctx.n_ctx ?? 0) > 0)) throw new Error('no context');
      (window as unknown as { kvBench?: unknown }).kvBench = instance;
      return { ok: true, loadMs: performance.now() - t0, bufferLog };
    } catch (e) {
      await instance.exit().catch(() => undefined);
      return { ok: false, error: String(e), loadMs: performance.now() - t0, bufferLog };
    }
  }, c);
}

/**
 * On the loaded model: a greedy continuation of `prompt` under a printable-ASCII grammar (random
 * weights otherwise write bytes that are not UTF-8, which fail the call). Prefill and decode
 * speeds are llama.cpp's own timings for the call, so decode runs over the prompt's KV cache.
 */
export function generate(
  page: Page,
  c: { prompt: string; decodeTokens: number },
): Promise<GenerationOutcome> {
  return page.evaluate(async (c) => {
    type I = InstanceType<typeof import('@wllama/wllama').Wllama>;
    const instance = (window as unknown as { kvBench: I }).kvBench;
    type Timings = {
      prompt_n: number;
      prompt_per_second: number;
      predicted_n: number;
      predicted_per_second: number;
    };
    let text = '';
    let timings: Timings | undefined;
    await instance.createCompletion({
      prompt: c.prompt,
      stream: true,
      max_tokens: c.decodeTokens,
      temperature: 0,
      top_k: 1,
      seed: 11,
      grammar: 'root ::= [ -~]*',
      onData: (chunk) => {
        text += chunk.choices[0]?.text ?? '';
        timings = chunk.timings ?? timings;
      },
    });
    if (!timings) throw new Error('no timings from llama.cpp');
    return {
      promptTokens: timings.prompt_n,
      prefillTps: timings.prompt_per_second,
      decodeTokens: timings.predicted_n,
      decodeTps: timings.predicted_per_second,
      text,
    };
  }, c);
}

export function unload(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const holder = window as unknown as { kvBench?: { exit(): Promise<void> } };
    await holder.kvBench?.exit();
    holder.kvBench = undefined;
  });
}
