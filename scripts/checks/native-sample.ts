/**
 * Native llama.cpp on the same GGUF file as a gpu-check trial, for the ratio wllama ÷ native (issue
 * 29 item 7): `tsx scripts/checks/native-sample.ts CONFIG.json` loads the file with node-llama-cpp's
 * prebuilt binaries (CPU, or CUDA / Vulkan where the machine has them; never a build or a download),
 * decodes up to maxTokens from the prompt and prints one JSON line. Its own process, so a crash or
 * its memory stays out of the browser check.
 */
import { readFileSync } from 'node:fs';
import { getLlama } from 'node-llama-cpp';

export interface NativeConfig {
  modelPath: string;
  prompt: string;
  maxTokens: number;
  /** false: the CPU build; 'auto': CUDA, else Vulkan, else CPU, as node-llama-cpp picks. */
  gpu: false | 'auto';
  threads?: number;
}

export interface NativeFigures {
  backend: string;
  loadSeconds: number;
  completionTokens: number;
  decodeTokensPerSecond: number;
  gpuLayers?: number;
  threads?: number;
}

async function main(c: NativeConfig): Promise<NativeFigures> {
  const llama = await getLlama({ gpu: c.gpu, build: 'never', logLevel: 'error' as never });
  const t0 = performance.now();
  const model = await llama.loadModel({ modelPath: c.modelPath, ...(c.gpu ? {} : { gpuLayers: 0 }) });
  const context = await model.createContext({
    contextSize: 4096,
    sequences: 1,
    ...(c.threads ? { threads: c.threads } : {}),
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  const seq = context.getSequence();
  let first = 0;
  let last = 0;
  let n = 0;
  for await (const _ of seq.evaluate(model.tokenize(c.prompt, true), { temperature: 0.7, seed: 7 })) {
    last = performance.now();
    if (n === 0) first = last;
    if (++n >= c.maxTokens) break;
  }
  const figures: NativeFigures = {
    backend: llama.gpu === false ? 'cpu' : llama.gpu,
    loadSeconds: Math.round(loadSeconds * 10) / 10,
    completionTokens: n,
    // Tokens after the first over the time they took: decode alone, without the prompt's prefill.
    decodeTokensPerSecond: n > 1 ? Math.round(((n - 1) / ((last - first) / 1000)) * 10) / 10 : 0,
    gpuLayers: model.gpuLayers,
    threads: context.currentThreads,
  };
  await context.dispose();
  await model.dispose();
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: native-sample.ts CONFIG.json');
  console.log(JSON.stringify(await main(JSON.parse(readFileSync(file, 'utf8')) as NativeConfig)));
  process.exit(0);
}
