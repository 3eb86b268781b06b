import { GGML, type TwinTensorType } from './qwen3-twin';

/**
 * Random but valid tensor data: K-quant blocks whose scales are small finite f16 values, so a
 * forward pass over random weights stays finite (the activations are RMS-normalised per layer).
 * Layouts as ggml's block_q4_K (d, dmin, scales[12], qs[128]: 144 bytes per 256 values) and
 * block_q6_K (ql[128], qh[64], scales[16], d: 210 bytes).
 */

const Q4_K_BLOCK = 144;
const Q6_K_BLOCK = 210;
// f16 bit patterns: 1.0e-4 ≈ 0x068e; 6.1e-5 (smallest normal) = 0x0400.
const F16_1E_4 = 0x068e;
const F16_MIN_NORMAL = 0x0400;

/** xorshift32 over whole 32-bit words: fast enough for gigabytes, deterministic per seed. */
export class WordRng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  fill(bytes: Uint8Array): void {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
    let s = this.s;
    for (let i = 0; i < words.length; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      words[i] = s;
    }
    for (let i = words.length * 4; i < bytes.length; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      bytes[i] = s & 0xff;
    }
    this.s = s >>> 0;
  }
}

/** Fills `out` (a whole number of blocks of `type`) with random valid blocks. */
export function fillRandomBlocks(type: TwinTensorType, out: Uint8Array, rng: WordRng): void {
  if (type === GGML.F32) {
    const f = new Float32Array(out.buffer, out.byteOffset, out.length / 4);
    f.fill(1);
    return;
  }
  rng.fill(out);
  const view = new DataView(out.buffer, out.byteOffset, out.length);
  if (type === GGML.Q4_K) {
    for (let at = 0; at < out.length; at += Q4_K_BLOCK) {
      view.setUint16(at, F16_1E_4, true);
      view.setUint16(at + 2, F16_1E_4, true);
    }
    return;
  }
  for (let at = 0; at < out.length; at += Q6_K_BLOCK) {
    // Scales are int8; keep them in 0..31 so weights stay near ±0.06.
    for (let i = 192; i < 208; i++) out[at + i] = (out[at + i] ?? 0) & 0x1f;
    view.setUint16(at + 208, F16_MIN_NORMAL, true);
  }
}

export function blockBytes(type: TwinTensorType): number {
  return type === GGML.Q4_K ? Q4_K_BLOCK : type === GGML.Q6_K ? Q6_K_BLOCK : 4;
}
