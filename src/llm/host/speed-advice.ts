import type { RunsOn } from './decode-speed';

/**
 * When the in-browser model is too slow to be worth waiting for, so a local model server (Ollama,
 * llama.cpp's llama-server) is worth saying. On the CPU and on a software GPU the browser runs
 * llama.cpp as WebAssembly at about a seventh of the same machine's native speed (issue 29's
 * measurements: 2.0 against 15.2 tokens/s on one Q8_0 file), so a native server is several times
 * faster there; on a real GPU the gap is not that, and nothing is said.
 *
 * The threshold is what a long DR-Venus run needs: 200 steps (the step limit's top) of about 240
 * tokens each (the 10 reference trajectories average 967 characters a reply, about 4 characters a
 * token) is 48,000 tokens to write. Below 48,000 ÷ 3,600 ≈ 13 tokens a second that writing alone
 * takes more than an hour.
 */
export const LONG_RUN_STEPS = 200;
export const TOKENS_PER_STEP = 240;
const LONG_RUN_BUDGET_SECONDS = 3600;
export const SLOW_TOKENS_PER_SECOND = (LONG_RUN_STEPS * TOKENS_PER_STEP) / LONG_RUN_BUDGET_SECONDS;

export interface SpeedFacts {
  engine: string;
  runsOn?: RunsOn;
  /** Decode tokens per second measured for this model on this machine; absent when it never ran. */
  decodeTokensPerSecond?: number;
}

export interface ServerAdvice {
  /** The measured speed, as it is shown (whole tokens a second, one decimal below 10). */
  tokensPerSecond: number;
  /** Hours a long run would spend writing at that speed, rounded to a half hour (at least one). */
  longRunHours: number;
}

/** The advice to use a local server, or null: a fast or real-GPU model, a server already, or nothing measured. */
export function localServerAdvice(f: SpeedFacts | null | undefined): ServerAdvice | null {
  if (!f || f.engine === 'openai') return null;
  if (f.runsOn !== 'cpu' && f.runsOn !== 'software-gpu') return null;
  const tps = f.decodeTokensPerSecond;
  if (tps === undefined || !(tps > 0) || tps >= SLOW_TOKENS_PER_SECOND) return null;
  const hours = (LONG_RUN_STEPS * TOKENS_PER_STEP) / tps / 3600;
  return {
    tokensPerSecond: tps < 10 ? Math.round(tps * 10) / 10 : Math.round(tps),
    longRunHours: Math.max(1, Math.round(hours * 2) / 2),
  };
}
