import { GGML_TYPE, tensorByteLength } from '../../src/llm/gguf/ggml-types';
import {
  encodeHeader,
  encodeKv,
  type GgufWriteValue,
  type TensorEntry,
} from '../../src/llm/gguf/gguf-encode';
import { alignUp } from '../../src/llm/gguf/gguf-format';

/**
 * Writes whole GGUF files for tests and benches, with the product's own encoder
 * (src/llm/gguf/gguf-encode.ts): `general.alignment` first, then the given metadata, tensor infos,
 * padding, and each tensor's data padded to the alignment. Tensors are f32 or Q8_0.
 */

export type GgufValue = GgufWriteValue;

export interface GgufTensor {
  name: string;
  /** ggml order: innermost (row length) first. */
  dims: readonly number[];
  data: Float32Array;
  /** Stored as f32 (default) or quantised to Q8_0 (rows must be multiples of 32). */
  type?: 'f32' | 'q8_0';
}

export interface WriteOptions {
  alignment?: number;
}

/** Q8_0: blocks of 32 values, each an f16 scale then 32 signed bytes (ggml's block_q8_0). */
export function quantizeQ8_0(values: Float32Array): Uint8Array {
  const blocks = values.length / 32;
  const out = new Uint8Array(blocks * 34);
  const view = new DataView(out.buffer);
  for (let b = 0; b < blocks; b++) {
    let amax = 0;
    for (let i = 0; i < 32; i++) amax = Math.max(amax, Math.abs(values[b * 32 + i] ?? 0));
    const d = amax / 127;
    view.setUint16(b * 34, toF16(d), true);
    const inv = d ? 1 / d : 0;
    for (let i = 0; i < 32; i++) view.setInt8(b * 34 + 2 + i, Math.round((values[b * 32 + i] ?? 0) * inv));
  }
  return out;
}

function toF16(x: number): number {
  const f = new Float32Array([x]);
  const u = new Uint32Array(f.buffer)[0] ?? 0;
  const sign = (u >>> 16) & 0x8000;
  const exp = ((u >>> 23) & 0xff) - 127 + 15;
  const mant = u & 0x7fffff;
  if (exp <= 0) return sign;
  if (exp >= 31) return sign | 0x7c00;
  return sign | (exp << 10) | (mant >>> 13);
}

function tensorBytes(t: GgufTensor): { type: number; bytes: Uint8Array } {
  const elements = t.dims.reduce((a, b) => a * b, 1);
  if (elements !== t.data.length)
    throw new Error(`tensor ${t.name}: dims ${t.dims} ≠ ${t.data.length} values`);
  if (t.type === 'q8_0') return { type: GGML_TYPE.Q8_0, bytes: quantizeQ8_0(t.data) };
  return { type: GGML_TYPE.F32, bytes: new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength) };
}

export function writeGguf(
  metadata: ReadonlyMap<string, GgufValue>,
  tensors: readonly GgufTensor[],
  opts: WriteOptions = {},
): Uint8Array {
  const alignment = opts.alignment ?? 32;
  const kvs = [
    encodeKv('general.alignment', { type: 'u32', value: alignment }),
    ...[...metadata].map(([key, value]) => encodeKv(key, value)),
  ];
  const encoded = tensors.map(tensorBytes);
  let offset = 0;
  const entries: TensorEntry[] = tensors.map((t, i) => {
    const e = { name: t.name, dims: t.dims, type: encoded[i]?.type ?? GGML_TYPE.F32, offset };
    const n = tensorByteLength(e.type, t.dims);
    if (n === null || n !== encoded[i]?.bytes.length) throw new Error(`tensor ${t.name}: bad size`);
    offset += alignUp(n, alignment);
    return e;
  });
  const head = encodeHeader(kvs, entries, alignment);
  const out = new Uint8Array(head.length + offset);
  out.set(head, 0);
  entries.forEach((e, i) => {
    const bytes = encoded[i]?.bytes;
    if (bytes) out.set(bytes, head.length + e.offset);
  });
  return out;
}
