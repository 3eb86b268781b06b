/**
 * A minimal GGUF v3 writer: enough metadata value types and f32 tensors for a tiny test model.
 * Layout reference: the GGUF spec in ggml (docs/gguf.md) — header, key/values, tensor infos,
 * padding to `general.alignment`, then tensor data, each tensor aligned too.
 */

export type GgufValue =
  | { type: 'u32'; value: number }
  | { type: 'i32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: readonly string[] }
  | { type: 'i32[]'; value: readonly number[] };

export interface GgufTensor {
  name: string;
  /** ggml order: innermost (row length) first. */
  dims: readonly number[];
  data: Float32Array;
}

const ALIGNMENT = 32;
const TYPE = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;

class ByteSink {
  private chunks: Uint8Array[] = [];
  length = 0;
  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  u32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    this.push(b);
  }
  i32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, n, true);
    this.push(b);
  }
  u64(n: number): void {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), true);
    this.push(b);
  }
  f32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, n, true);
    this.push(b);
  }
  u8(n: number): void {
    this.push(Uint8Array.of(n));
  }
  str(s: string): void {
    const bytes = new TextEncoder().encode(s);
    this.u64(bytes.length);
    this.push(bytes);
  }
  raw(bytes: Uint8Array): void {
    this.push(bytes);
  }
  padTo(alignment: number): void {
    const rem = this.length % alignment;
    if (rem !== 0) this.push(new Uint8Array(alignment - rem));
  }
  concat(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const c of this.chunks) {
      out.set(c, offset);
      offset += c.length;
    }
    return out;
  }
}

function writeValue(sink: ByteSink, v: GgufValue): void {
  switch (v.type) {
    case 'u32':
      sink.u32(TYPE.u32);
      sink.u32(v.value);
      return;
    case 'i32':
      sink.u32(TYPE.i32);
      sink.i32(v.value);
      return;
    case 'f32':
      sink.u32(TYPE.f32);
      sink.f32(v.value);
      return;
    case 'bool':
      sink.u32(TYPE.bool);
      sink.u8(v.value ? 1 : 0);
      return;
    case 'string':
      sink.u32(TYPE.string);
      sink.str(v.value);
      return;
    case 'string[]':
      sink.u32(TYPE.array);
      sink.u32(TYPE.string);
      sink.u64(v.value.length);
      for (const s of v.value) sink.str(s);
      return;
    case 'i32[]':
      sink.u32(TYPE.array);
      sink.u32(TYPE.i32);
      sink.u64(v.value.length);
      for (const n of v.value) sink.i32(n);
      return;
  }
}

export function writeGguf(
  metadata: ReadonlyMap<string, GgufValue>,
  tensors: readonly GgufTensor[],
): Uint8Array {
  const head = new ByteSink();
  head.raw(new TextEncoder().encode('GGUF'));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(metadata.size + 1);
  head.str('general.alignment');
  writeValue(head, { type: 'u32', value: ALIGNMENT });
  for (const [key, value] of metadata) {
    head.str(key);
    writeValue(head, value);
  }
  let offset = 0;
  for (const t of tensors) {
    const elements = t.dims.reduce((a, b) => a * b, 1);
    if (elements !== t.data.length)
      throw new Error(`tensor ${t.name}: dims ${t.dims} ≠ ${t.data.length} values`);
    head.str(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(GGML_TYPE_F32);
    head.u64(offset);
    offset += Math.ceil((elements * 4) / ALIGNMENT) * ALIGNMENT;
  }
  head.padTo(ALIGNMENT);
  for (const t of tensors) {
    head.raw(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    head.padTo(ALIGNMENT);
  }
  return head.concat();
}
