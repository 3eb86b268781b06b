/**
 * Engine-wrapper overhead: tiny-GGUF decode tokens/s through WllamaEngine vs wllama called
 * directly, both in one headless Chromium page, same prompt, grammar and seed, rounds interleaved.
 * Target: ratio ≥ 0.97. Part of `npm run bench -- engine` (scripts/bench/engine.ts).
 */
import { openWllamaPage } from '../tiny-gguf/browser-page';
import { buildTinyModel } from '../tiny-gguf/tiny-model';

export interface EngineBenchResult {
  name: 'engine-wrapper-overhead';
  rounds: number;
  directTokensPerSecond: number;
  engineTokensPerSecond: number;
  /** Median over pairs of engine ÷ direct tokens/s. */
  ratio: number;
  target: number;
  pass: boolean;
}

export async function runWrapperOverhead(rounds = 9): Promise<EngineBenchResult> {
  const host = await openWllamaPage(buildTinyModel());
  try {
    const figures = await host.page.evaluate(async (rounds) => {
      type Llm = typeof import('../../src/llm/wllama/wllama-engine') &
        typeof import('../../src/llm/drvenus-grammar') &
        typeof import('../../src/llm/chatml');
      type W = typeof import('@wllama/wllama');
      const w = window as unknown as { llm: Llm; wllama: W };
      const { WllamaEngine, buildDrVenusGrammar, toChatMlPrompt } = w.llm;
      const wasm = '/wllama/wasm/wllama.wasm';
      const modelUrl = `${location.origin}/model.gguf`;
      const params = { n_threads: 1, n_gpu_layers: 0, n_ctx: 4096, seed: 11 };
      const grammar = buildDrVenusGrammar({ actions: ['answer'], maxThinkChars: 200, maxAnswerChars: 300 });
      const messages = [
        { role: 'system' as const, content: 'You are a research agent.' },
        { role: 'user' as const, content: 'Summarise the evidence.' },
      ];
      const direct = new w.wllama.Wllama({ default: wasm }, { suppressNativeLog: true });
      await direct.loadModelFromUrl(modelUrl, { ...params, useCache: false });
      const engine = new WllamaEngine({
        wasmUrl: wasm,
        nThreads: 1,
        nGpuLayers: 0,
        contextWindow: 4096,
        useCache: false,
        seed: 11,
      });
      await engine.load(modelUrl);
      const directRun = async () => {
        let tokens = 0;
        const t0 = performance.now();
        await direct.createCompletion({
          prompt: toChatMlPrompt(messages),
          stream: true,
          max_tokens: 600,
          temperature: 1,
          grammar,
          seed: 11,
          onData: (c) => {
            if (c.choices[0]?.text) tokens++;
          },
        });
        return (tokens * 1000) / (performance.now() - t0);
      };
      const engineRun = async () => {
        const t0 = performance.now();
        const r = await engine.chat(messages, { maxTokens: 600, temperature: 1, grammar, onDelta: () => {} });
        return (r.usage.completionTokens * 1000) / (performance.now() - t0);
      };
      await directRun();
      await engineRun();
      const d: number[] = [];
      const e: number[] = [];
      // Pairs in alternating order, so warm-up or a busy neighbour does not favour one side.
      for (let i = 0; i < rounds; i++) {
        if (i % 2 === 0) {
          d.push(await directRun());
          e.push(await engineRun());
        } else {
          e.push(await engineRun());
          d.push(await directRun());
        }
      }
      await engine.unload();
      await direct.exit();
      return { d, e };
    }, rounds);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const directTokensPerSecond = median(figures.d);
    const engineTokensPerSecond = median(figures.e);
    // The median of per-pair ratios: each pair ran back to back under the same machine load.
    const ratio = median(figures.e.map((x, i) => x / (figures.d[i] || Number.POSITIVE_INFINITY)));
    return {
      name: 'engine-wrapper-overhead',
      rounds,
      directTokensPerSecond: Math.round(directTokensPerSecond),
      engineTokensPerSecond: Math.round(engineTokensPerSecond),
      ratio: Math.round(ratio * 1000) / 1000,
      target: 0.97,
      pass: ratio >= 0.97,
    };
  } finally {
    await host.close();
  }
}
