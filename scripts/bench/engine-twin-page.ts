import type { Page } from 'playwright-core';
import type { RoundConfig, RoundFigures, TimedGeneration } from './engine-twin-types';

/**
 * One wllama round inside the bench page: the same steps as the native worker (load, prefill of
 * each prompt to its first token, decode with and without the grammar), timed by wall clock in
 * the page as a caller of the extension's engine sees them.
 */
export function wllamaRound(
  page: Page,
  config: Omit<RoundConfig, 'modelPath'>,
): Promise<Omit<RoundFigures, 'peakRssMb'>> {
  return page.evaluate(async (c) => {
    type W = typeof import('@wllama/wllama');
    const w = (window as unknown as { wllama: W }).wllama;
    const instance = new w.Wllama({ default: '/wllama/wasm/wllama.wasm' }, { suppressNativeLog: true });
    const t0 = performance.now();
    await instance.loadModelFromUrl(`${location.origin}/model.gguf`, {
      n_threads: c.threads,
      n_ctx: c.contextSize,
      n_batch: c.batch,
      n_gpu_layers: 0,
      seed: 11,
      useCache: false,
    });
    const loadMs = performance.now() - t0;
    const generate = async (
      prompt: string,
      maxTokens: number,
      grammar?: string,
    ): Promise<TimedGeneration> => {
      const start = performance.now();
      let first = 0;
      let last = 0;
      let n = 0;
      let promptTokens = 0;
      await instance.createCompletion({
        prompt,
        stream: true,
        max_tokens: maxTokens,
        temperature: 1,
        seed: 11,
        ...(grammar ? { grammar } : {}),
        onData: (chunk) => {
          last = performance.now();
          if (n === 0) first = last;
          if (chunk.choices[0]) n++;
          promptTokens = chunk.timings?.prompt_n ?? promptTokens;
        },
      });
      return { promptTokens, tokens: n, firstMs: first - start, lastMs: last - start };
    };
    const prefill: TimedGeneration[] = [];
    for (const p of c.prefillPrompts) prefill.push(await generate(p, 1));
    const decode = await generate(c.decodePrompt, c.decodeTokens);
    const decodeGrammar = await generate(c.decodePrompt, c.decodeTokens, c.grammar);
    await instance.exit();
    return { loadMs, prefill, decode, decodeGrammar };
  }, config);
}
