/**
 * The GGUF container as llama.cpp reads it (ggml's docs/gguf.md): a little-endian header with a
 * version, tensor and key/value counts; typed key/values (scalars, strings, arrays); tensor infos
 * (name, shape, ggml type, offset into the data section); then tensor data starting at the next
 * multiple of `general.alignment` (32 when absent), each tensor's offset aligned as well.
 */

export const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
export const DEFAULT_ALIGNMENT = 32;

export const VALUE_TYPE = {
  u8: 0,
  i8: 1,
  u16: 2,
  i16: 3,
  u32: 4,
  i32: 5,
  f32: 6,
  bool: 7,
  string: 8,
  array: 9,
  u64: 10,
  i64: 11,
  f64: 12,
} as const;

/** Bytes of each fixed-size value type (strings and arrays are variable). */
export const FIXED_SIZE: Readonly<Record<number, number>> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};

/** u64/i64 arrive as bigint; every other number as number. */
export type GgufScalar = number | bigint | boolean | string;

export interface GgufKv {
  key: string;
  /** VALUE_TYPE of the value; for arrays, `itemType` names the element type. */
  type: number;
  itemType?: number;
  value: GgufScalar | GgufScalar[];
  /** The whole encoded entry (key, type, value) as it appeared in the file, to copy verbatim. */
  raw: Uint8Array;
}

export interface GgufTensorInfo {
  name: string;
  /** ggml order: the row length first. */
  dims: number[];
  type: number;
  /** Offset from the start of the data section. */
  offset: number;
  /** Bytes of tensor data (without padding). */
  byteLength: number;
}

export interface GgufHeader {
  version: number;
  kvs: GgufKv[];
  tensors: GgufTensorInfo[];
  alignment: number;
  /** Bytes of header (magic to the end of the tensor infos), before padding. */
  headerLength: number;
  /** Absolute offset of the data section. */
  dataOffset: number;
}

/** Split keys llama.cpp's loader reads from each shard (llama-gguf-split writes the same). */
export const SPLIT_KEYS = {
  no: 'split.no',
  count: 'split.count',
  tensors: 'split.tensors.count',
} as const;

export function alignUp(n: number, alignment: number): number {
  const rem = n % alignment;
  return rem === 0 ? n : n + alignment - rem;
}

export function kvValue(header: GgufHeader, key: string): GgufScalar | GgufScalar[] | undefined {
  return header.kvs.find((kv) => kv.key === key)?.value;
}
