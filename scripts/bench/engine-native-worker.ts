/**
 * One native llama.cpp round for the engine bench, in its own process so its peak memory is its
 * own: `tsx scripts/bench/engine-native-worker.ts CONFIG.json` loads the model with
 * node-llama-cpp's prebuilt CPU binary (never a build or a download), times prefill of each
 * prompt and decode with and without the grammar, and prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { getLlama, type LlamaContext, LlamaGrammarEvaluationState, type LlamaModel } from 'node-llama-cpp';
import type { RoundConfig, RoundFigures, TimedGeneration } from './engine-twin-types';

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

async function generate(
  model: LlamaModel,
  context: LlamaContext,
  prompt: string,
  maxTokens: number,
  grammarState?: LlamaGrammarEvaluationState,
): Promise<TimedGeneration> {
  const seq = context.getSequence();
  try {
    const tokens = model.tokenize(prompt, true);
    const t0 = performance.now();
    let first = 0;
    let last = 0;
    let n = 0;
    const options = {
      temperature: 1,
      seed: 11,
      ...(grammarState ? { grammarEvaluationState: grammarState } : {}),
    };
    for await (const _ of seq.evaluate(tokens, options)) {
      last = performance.now();
      if (n === 0) first = last;
      if (++n >= maxTokens) break;
    }
    return { promptTokens: tokens.length, tokens: n, firstMs: first - t0, lastMs: last - t0 };
  } finally {
    seq.dispose();
  }
}

async function main(file: string): Promise<RoundFigures> {
  const c = JSON.parse(readFileSync(file, 'utf8')) as RoundConfig;
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' as never });
  const t0 = performance.now();
  const model = await llama.loadModel({ modelPath: c.modelPath });
  const context = await model.createContext({
    contextSize: c.contextSize,
    threads: c.threads,
    batchSize: c.batch,
    sequences: 1,
  });
  const loadMs = performance.now() - t0;
  const prefill = [];
  for (const p of c.prefillPrompts) prefill.push(await generate(model, context, p, 1));
  const decode = await generate(model, context, c.decodePrompt, c.decodeTokens);
  const grammar = await llama.createGrammar({ grammar: c.grammar });
  const state = new LlamaGrammarEvaluationState({ model, grammar });
  const decodeGrammar = await generate(model, context, c.decodePrompt, c.decodeTokens, state);
  await context.dispose();
  await model.dispose();
  return { loadMs, prefill, decode, decodeGrammar, peakRssMb: peakRssMb() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: engine-native-worker.ts CONFIG.json');
  console.log(JSON.stringify(await main(file)));
  process.exit(0);
}
