/**
 * wllama's decode speed with N threads (navigator.hardwareConcurrency) ÷ with 1 thread, on a
 * generated Q8_0 model large enough (~110 MB, 8 layers of 1024) that matrix work, not per-token
 * overhead, dominates; in one cross-origin isolated headless Chromium page, through WllamaEngine,
 * rounds interleaved so a busy neighbour does not favour one side. Target: ratio ≥ 1.5 on 2 cores.
 * `npx tsx scripts/bench/threads.ts` prints the JSON; `run()` returns it.
 */
import { openWllamaPage } from '../tiny-gguf/browser-page';
import { buildTinyModel } from '../tiny-gguf/tiny-model';

export interface ThreadsBenchResult {
  name: 'wllama-threads';
  threads: number;
  crossOriginIsolated: boolean;
  modelBytes: number;
  rounds: number;
  oneThreadTokensPerSecond: number;
  threadsTokensPerSecond: number;
  /** Median over interleaved pairs of N-thread ÷ 1-thread decode tokens/s. */
  ratio: number;
  target: number;
  pass: boolean;
}

const SHAPE = { embedding: 1024, layers: 8, heads: 16, feedForward: 2816, quantize: true } as const;

export async function run(rounds = 3): Promise<ThreadsBenchResult> {
  const model = buildTinyModel({ seed: 3, contextLength: 2048, ...SHAPE });
  const host = await openWllamaPage(model, { isolated: true });
  try {
    const r = await host.page.evaluate(async (rounds) => {
      type Llm = typeof import('../../src/llm/wllama/wllama-engine');
      const { WllamaEngine } = (window as unknown as { llm: Llm }).llm;
      const threads = navigator.hardwareConcurrency || 1;
      const make = (n: number) =>
        new WllamaEngine({
          wasmUrl: '/wllama/wasm/wllama.wasm',
          nThreads: n,
          nGpuLayers: 0,
          contextWindow: 1024,
          useCache: false,
          seed: 5,
        });
      const one = make(1);
      const many = make(threads);
      await one.load(`${location.origin}/model.gguf`);
      await many.load(`${location.origin}/model.gguf`);
      // A fixed length of letters: random weights may not stop, and must not emit broken UTF-8.
      const grammar = `root ::= ${Array.from({ length: 64 }, () => 'c').join(' ')}\nc ::= [a-z ]`;
      const messages = [{ role: 'user' as const, content: 'Write.' }];
      const decode = async (e: InstanceType<Llm['WllamaEngine']>) =>
        (await e.chat(messages, { maxTokens: 80, temperature: 1, grammar })).usage.decodeTokensPerSecond ?? 0;
      await decode(one);
      await decode(many);
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < rounds; i++) {
        if (i % 2 === 0) {
          a.push(await decode(one));
          b.push(await decode(many));
        } else {
          b.push(await decode(many));
          a.push(await decode(one));
        }
      }
      const info = many.info();
      await one.unload();
      await many.unload();
      return { a, b, threads: info.threads ?? threads, isolated: crossOriginIsolated };
    }, rounds);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const ratio = median(r.b.map((x, i) => x / (r.a[i] || Number.POSITIVE_INFINITY)));
    return {
      name: 'wllama-threads',
      threads: r.threads,
      crossOriginIsolated: r.isolated,
      modelBytes: model.length,
      rounds,
      oneThreadTokensPerSecond: Math.round(median(r.a) * 10) / 10,
      threadsTokensPerSecond: Math.round(median(r.b) * 10) / 10,
      ratio: Math.round(ratio * 100) / 100,
      target: 1.5,
      pass: ratio >= 1.5,
    };
  } finally {
    await host.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
