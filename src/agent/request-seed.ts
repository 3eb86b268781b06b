/**
 * The sampling seed of one model request, from the run's base seed, the attempt (of several at one
 * question), the step and the sample of that step (1, then each re-sample after a parse failure,
 * a repetition or a duplicate call). Every request gets its own, so a re-sample is a new draw on
 * servers that honour seeds (the same seed on llama.cpp returns the same text); the same four
 * numbers always give the same seed, so a recorded run can be replayed exactly.
 */
export interface SeedBase {
  base: number;
  attempt: number;
}

/** 32-bit integer mix (the murmur3 finaliser): nearby inputs give unrelated outputs. */
function mix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A seed in [0, 2^31): every server takes it (llama.cpp's is unsigned 32-bit, vLLM's a signed int). */
export function requestSeed(seed: SeedBase, step: number, sample: number): number {
  let h = mix(seed.base);
  for (const n of [seed.attempt, step, sample]) h = mix(h ^ mix(n + 0x9e3779b9));
  return h & 0x7fffffff;
}
