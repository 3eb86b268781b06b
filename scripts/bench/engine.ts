/**
 * `npm run bench -- engine`: (1) the engine wrapper's overhead over wllama called directly (tiny
 * GGUF, target ≥ 0.97), and (2) the DR-Venus twin in wllama vs native llama.cpp on the same
 * threads (scripts/bench/engine-twin.ts). The twin's size and prompt lengths default to what
 * finishes in minutes on a shared 2-core box; SLEUTH_TWIN_LAYERS, SLEUTH_ENGINE_PREFILL
 * (comma-separated token counts), SLEUTH_ENGINE_ROUNDS and SLEUTH_ENGINE_THREADS scale it up.
 */
import os from 'node:os';
import { runTwinVsNative } from './engine-twin';
import { runWrapperOverhead } from './engine-wrapper';

/** A twin round takes minutes on a loaded 2-core machine. */
export const timeoutMs = 40 * 60_000;

const env = (name: string, fallback: string) => process.env[name] ?? fallback;

export async function run() {
  const wrapperOverhead = await runWrapperOverhead();
  const twin = await runTwinVsNative({
    layers: Number(env('SLEUTH_TWIN_LAYERS', '1')),
    rounds: Number(env('SLEUTH_ENGINE_ROUNDS', '3')),
    threads: Number(env('SLEUTH_ENGINE_THREADS', String(Math.min(4, os.cpus().length)))),
    batch: Number(env('SLEUTH_ENGINE_BATCH', '512')),
    prefillTokens: env('SLEUTH_ENGINE_PREFILL', '256,1024').split(',').map(Number),
    decodeTokens: 16,
  });
  return { wrapperOverhead, twin };
}
