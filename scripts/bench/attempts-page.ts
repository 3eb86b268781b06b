import type { Page } from 'playwright-core';

/** One page-side measurement: wllama called directly, one loaded model, its server slots. */
export interface DirectConfig {
  threads: number;
  contextSize: number;
  /** Server slots the model loads with (wllama's `n_parallel`). */
  slots: number;
  prompts: string[];
  maxTokens: number;
  /**
   * Named grammars; each is timed as 1 completion and as `prompts.length` at once. An empty one
   * means none, and greedy sampling.
   */
  grammars: Record<string, string>;
  rounds: number;
}

export interface TimedBatch {
  wallMs: number;
  /** Tokens each completion streamed. */
  tokens: number[];
  /** Completions that failed (bytes that are not UTF-8) after streaming `tokens`. */
  failed: number;
}

export type DirectFigures = Record<string, { one: TimedBatch[]; many: TimedBatch[] }>;

/**
 * Times one completion against `prompts.length` concurrent `createCompletion` calls on the same
 * loaded model, per grammar, in alternating order so a busy neighbour does not favour one side.
 * Distinct prompts per call, so no call can reuse another's prompt from the KV cache.
 */
export function directConcurrency(page: Page, c: DirectConfig): Promise<DirectFigures> {
  return page.evaluate(async (c) => {
    type W = typeof import('@wllama/wllama');
    const w = (window as unknown as { wllama: W }).wllama;
    const instance = new w.Wllama({ default: '/wllama/wasm/wllama.wasm' }, { suppressNativeLog: true });
    await instance.loadModelFromUrl(`${location.origin}/model.gguf`, {
      n_threads: c.threads,
      n_ctx: c.contextSize,
      n_parallel: c.slots,
      n_gpu_layers: 0,
      seed: 11,
      useCache: false,
    });
    let salt = 0;
    const one = async (prompt: string, grammar: string) => {
      let n = 0;
      const call = instance.createCompletion({
        // A fresh prefix per call: the unified KV cache would otherwise serve a repeated prompt.
        prompt: `${salt++} ${prompt}`,
        stream: true,
        max_tokens: c.maxTokens,
        // No grammar: greedy, so sampling costs one pass over the logits and nothing per candidate.
        ...(grammar ? { grammar, temperature: 1 } : { temperature: 0, top_k: 1 }),
        seed: 11 + salt,
        onData: (chunk) => {
          if (chunk.choices[0]?.text) n++;
        },
      });
      // A reply with bytes that are not UTF-8 fails the call; its tokens so far still count.
      const failed = await call.then(
        () => false,
        () => true,
      );
      return { n, failed };
    };
    const timed = async (prompts: string[], grammar: string) => {
      const t0 = performance.now();
      const calls = await Promise.all(prompts.map((p) => one(p, grammar)));
      return {
        wallMs: performance.now() - t0,
        tokens: calls.map((x) => x.n),
        failed: calls.filter((x) => x.failed).length,
      };
    };
    const out: Record<string, { one: TimedBatch[]; many: TimedBatch[] }> = {};
    for (const [name, grammar] of Object.entries(c.grammars)) {
      const figures = { one: [] as TimedBatch[], many: [] as TimedBatch[] };
      out[name] = figures;
      await timed(c.prompts.slice(0, 1), grammar); // warm-up
      for (let i = 0; i < c.rounds; i++) {
        const first = c.prompts.slice(0, 1);
        if (i % 2 === 0) {
          figures.one.push(await timed(first, grammar));
          figures.many.push(await timed(c.prompts, grammar));
        } else {
          figures.many.push(await timed(c.prompts, grammar));
          figures.one.push(await timed(first, grammar));
        }
      }
    }
    await instance.exit();
    return out;
  }, c);
}
