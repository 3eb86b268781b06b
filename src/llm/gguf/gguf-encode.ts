import { VALUE_TYPE } from './gguf-format';

/** A metadata value to write, tagged with its GGUF type. */
export type GgufWriteValue =
  | { type: 'u16' | 'u32' | 'i32' | 'f32'; value: number }
  | { type: 'u64'; value: number | bigint }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: readonly string[] }
  | { type: 'i32[]'; value: readonly number[] }
  | { type: 'f32[]'; value: readonly number[] };

export interface TensorEntry {
  name: string;
  dims: readonly number[];
  type: number;
  /** Offset from the start of the data section. */
  offset: number;
}

const utf8 = new TextEncoder();

/** Little-endian byte builder: values are appended into growing chunks, joined once at the end. */
export class ByteSink {
  private chunks: Uint8Array[] = [];
  private scratch = new DataView(new ArrayBuffer(8));
  length = 0;

  raw(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  private fixed(n: number, set: (v: DataView) => void): void {
    set(this.scratch);
    this.raw(new Uint8Array(this.scratch.buffer.slice(0, n)));
  }
  u8(n: number): void {
    this.raw(Uint8Array.of(n));
  }
  u16(n: number): void {
    this.fixed(2, (v) => v.setUint16(0, n, true));
  }
  u32(n: number): void {
    this.fixed(4, (v) => v.setUint32(0, n, true));
  }
  i32(n: number): void {
    this.fixed(4, (v) => v.setInt32(0, n, true));
  }
  f32(n: number): void {
    this.fixed(4, (v) => v.setFloat32(0, n, true));
  }
  u64(n: number | bigint): void {
    this.fixed(8, (v) => v.setBigUint64(0, BigInt(n), true));
  }
  str(s: string): void {
    const bytes = utf8.encode(s);
    this.u64(bytes.length);
    this.raw(bytes);
  }
  padTo(alignment: number): void {
    const rem = this.length % alignment;
    if (rem !== 0) this.raw(new Uint8Array(alignment - rem));
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

function writeArray<T>(sink: ByteSink, itemType: number, items: readonly T[], put: (item: T) => void): void {
  sink.u32(VALUE_TYPE.array);
  sink.u32(itemType);
  sink.u64(items.length);
  for (const item of items) put(item);
}

/** One metadata entry (key, type, value) as GGUF bytes. */
export function encodeKv(key: string, v: GgufWriteValue): Uint8Array {
  const s = new ByteSink();
  s.str(key);
  switch (v.type) {
    case 'u16':
      s.u32(VALUE_TYPE.u16);
      s.u16(v.value);
      break;
    case 'u32':
      s.u32(VALUE_TYPE.u32);
      s.u32(v.value);
      break;
    case 'i32':
      s.u32(VALUE_TYPE.i32);
      s.i32(v.value);
      break;
    case 'f32':
      s.u32(VALUE_TYPE.f32);
      s.f32(v.value);
      break;
    case 'u64':
      s.u32(VALUE_TYPE.u64);
      s.u64(v.value);
      break;
    case 'bool':
      s.u32(VALUE_TYPE.bool);
      s.u8(v.value ? 1 : 0);
      break;
    case 'string':
      s.u32(VALUE_TYPE.string);
      s.str(v.value);
      break;
    case 'string[]':
      writeArray(s, VALUE_TYPE.string, v.value, (x) => s.str(x));
      break;
    case 'i32[]':
      writeArray(s, VALUE_TYPE.i32, v.value, (x) => s.i32(x));
      break;
    case 'f32[]':
      writeArray(s, VALUE_TYPE.f32, v.value, (x) => s.f32(x));
      break;
  }
  return s.bytes();
}

/**
 * A GGUF v3 header: magic, counts, the given encoded metadata entries, tensor infos, and zero
 * padding up to `alignment`, so tensor data can follow directly.
 */
export function encodeHeader(
  kvs: readonly Uint8Array[],
  tensors: readonly TensorEntry[],
  alignment: number,
): Uint8Array {
  const s = new ByteSink();
  s.raw(utf8.encode('GGUF'));
  s.u32(3);
  s.u64(tensors.length);
  s.u64(kvs.length);
  for (const kv of kvs) s.raw(kv);
  for (const t of tensors) {
    s.str(t.name);
    s.u32(t.dims.length);
    for (const d of t.dims) s.u64(d);
    s.u32(t.type);
    s.u64(t.offset);
  }
  s.padTo(alignment);
  return s.bytes();
}
