import { tensorByteLength } from './ggml-types';
import {
  alignUp,
  DEFAULT_ALIGNMENT,
  FIXED_SIZE,
  GGUF_MAGIC,
  type GgufHeader,
  type GgufKv,
  type GgufScalar,
  type GgufTensorInfo,
  VALUE_TYPE,
} from './gguf-format';

/** The bytes given end before the header does; `needed` is a lower bound on the bytes to supply. */
export class GgufTruncatedError extends Error {
  constructor(readonly needed: number) {
    super(`GGUF header continues past ${needed} bytes`);
    this.name = 'GgufTruncatedError';
  }
}

/** The bytes are not a GGUF file llama.cpp could load. */
export class GgufFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GgufFormatError';
  }
}

// Generous sanity bounds: a corrupt count must fail fast, not allocate gigabytes.
const MAX_COUNT = 1 << 24;
const MAX_STRING = 1 << 26;
const MAX_DIMS = 4;

const utf8 = new TextDecoder('utf-8', { fatal: true });

class Cursor {
  pos = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): number {
    const at = this.pos;
    if (at + n > this.bytes.length) throw new GgufTruncatedError(at + n);
    this.pos += n;
    return at;
  }
  u8 = () => this.view.getUint8(this.need(1));
  i8 = () => this.view.getInt8(this.need(1));
  u16 = () => this.view.getUint16(this.need(2), true);
  i16 = () => this.view.getInt16(this.need(2), true);
  u32 = () => this.view.getUint32(this.need(4), true);
  i32 = () => this.view.getInt32(this.need(4), true);
  f32 = () => this.view.getFloat32(this.need(4), true);
  f64 = () => this.view.getFloat64(this.need(8), true);
  u64 = () => this.view.getBigUint64(this.need(8), true);
  i64 = () => this.view.getBigInt64(this.need(8), true);
  /** A u64 that must fit a JS number (counts, lengths, offsets). */
  size(what: string, max = Number.MAX_SAFE_INTEGER): number {
    const v = this.u64();
    if (v > BigInt(max)) throw new GgufFormatError(`${what} is ${v}, more than this reader accepts (${max})`);
    return Number(v);
  }
  str(what: string): string {
    const len = this.size(`length of ${what}`, MAX_STRING);
    const at = this.need(len);
    try {
      return utf8.decode(this.bytes.subarray(at, at + len));
    } catch {
      throw new GgufFormatError(`${what} is not valid UTF-8`);
    }
  }
  slice(from: number): Uint8Array {
    return this.bytes.subarray(from, this.pos);
  }
}

function readScalar(c: Cursor, type: number, what: string): GgufScalar {
  switch (type) {
    case VALUE_TYPE.u8:
      return c.u8();
    case VALUE_TYPE.i8:
      return c.i8();
    case VALUE_TYPE.u16:
      return c.u16();
    case VALUE_TYPE.i16:
      return c.i16();
    case VALUE_TYPE.u32:
      return c.u32();
    case VALUE_TYPE.i32:
      return c.i32();
    case VALUE_TYPE.f32:
      return c.f32();
    case VALUE_TYPE.bool: {
      const b = c.u8();
      if (b > 1) throw new GgufFormatError(`${what}: bool value ${b}`);
      return b === 1;
    }
    case VALUE_TYPE.string:
      return c.str(what);
    case VALUE_TYPE.u64:
      return c.u64();
    case VALUE_TYPE.i64:
      return c.i64();
    case VALUE_TYPE.f64:
      return c.f64();
    default:
      throw new GgufFormatError(`${what}: unknown value type ${type}`);
  }
}

function readKv(c: Cursor): GgufKv {
  const start = c.pos;
  const key = c.str('a metadata key');
  const type = c.u32();
  if (type !== VALUE_TYPE.array) {
    const value = readScalar(c, type, key);
    return { key, type, value, raw: c.slice(start) };
  }
  const itemType = c.u32();
  // llama.cpp does not load nested arrays; neither do we.
  if (itemType === VALUE_TYPE.array) throw new GgufFormatError(`${key}: nested arrays are not supported`);
  if (itemType !== VALUE_TYPE.string && FIXED_SIZE[itemType] === undefined)
    throw new GgufFormatError(`${key}: unknown array element type ${itemType}`);
  const n = c.size(`element count of ${key}`, MAX_COUNT);
  const value: GgufScalar[] = new Array(n);
  for (let i = 0; i < n; i++) value[i] = readScalar(c, itemType, key);
  return { key, type, itemType, value, raw: c.slice(start) };
}

function readTensorInfo(c: Cursor): Omit<GgufTensorInfo, 'byteLength'> {
  const name = c.str('a tensor name');
  const nDims = c.u32();
  if (nDims < 1 || nDims > MAX_DIMS) throw new GgufFormatError(`tensor ${name} has ${nDims} dimensions`);
  const dims: number[] = [];
  for (let d = 0; d < nDims; d++) {
    const n = c.size(`dimension ${d} of tensor ${name}`);
    if (n < 1) throw new GgufFormatError(`tensor ${name} has an empty dimension`);
    dims.push(n);
  }
  const type = c.u32();
  const offset = c.size(`offset of tensor ${name}`);
  return { name, dims, type, offset };
}

/**
 * Parses a GGUF header from the first bytes of a file. Throws GgufTruncatedError when `bytes`
 * ends inside the header (fetch more and call again), GgufFormatError when it is not valid.
 * `fileSize`, when known, lets it check that every tensor lies inside the file.
 */
export function parseGgufHeader(bytes: Uint8Array, fileSize?: number): GgufHeader {
  const c = new Cursor(bytes);
  if (c.u32() !== GGUF_MAGIC) throw new GgufFormatError('not a GGUF file (the magic bytes are missing)');
  const version = c.u32();
  if (version < 2 || version > 3) throw new GgufFormatError(`GGUF version ${version} is not supported`);
  const nTensors = c.size('tensor count', MAX_COUNT);
  const nKv = c.size('metadata count', MAX_COUNT);
  const kvs: GgufKv[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < nKv; i++) {
    const kv = readKv(c);
    if (seen.has(kv.key)) throw new GgufFormatError(`metadata key ${kv.key} appears twice`);
    seen.add(kv.key);
    kvs.push(kv);
  }
  const alignKv = kvs.find((kv) => kv.key === 'general.alignment');
  let alignment = DEFAULT_ALIGNMENT;
  if (alignKv) {
    const a = alignKv.value;
    if (alignKv.type !== VALUE_TYPE.u32 || typeof a !== 'number' || a < 1 || (a & (a - 1)) !== 0)
      throw new GgufFormatError(`general.alignment must be a power of two (u32), got ${String(a)}`);
    alignment = a;
  }
  const infos: Omit<GgufTensorInfo, 'byteLength'>[] = [];
  const names = new Set<string>();
  for (let i = 0; i < nTensors; i++) {
    const t = readTensorInfo(c);
    if (names.has(t.name)) throw new GgufFormatError(`tensor ${t.name} appears twice`);
    names.add(t.name);
    infos.push(t);
  }
  const headerLength = c.pos;
  const dataOffset = alignUp(headerLength, alignment);
  const tensors = infos.map((t): GgufTensorInfo => {
    const byteLength = tensorByteLength(t.type, t.dims);
    if (byteLength === null)
      throw new GgufFormatError(
        `tensor ${t.name} has ggml type ${t.type}, unknown or not a whole number of blocks`,
      );
    if (t.offset % alignment !== 0)
      throw new GgufFormatError(`tensor ${t.name} starts at ${t.offset}, not a multiple of ${alignment}`);
    return { ...t, byteLength };
  });
  const byOffset = [...tensors].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < byOffset.length; i++) {
    const prev = byOffset[i - 1];
    const cur = byOffset[i];
    if (prev && cur && prev.offset + prev.byteLength > cur.offset)
      throw new GgufFormatError(`tensors ${prev.name} and ${cur.name} overlap`);
  }
  const last = byOffset.at(-1);
  if (fileSize !== undefined && last && dataOffset + last.offset + last.byteLength > fileSize)
    throw new GgufFormatError(`tensor ${last.name} ends past the end of the file (${fileSize} bytes)`);
  return { version, kvs, tensors, alignment, headerLength, dataOffset };
}

/** Reads just enough of a file through `read` to parse its header, growing the window as needed. */
export async function readGgufHeader(
  read: (offset: number, length: number) => Promise<Uint8Array>,
  fileSize: number,
  firstWindow = 1 << 20,
): Promise<GgufHeader> {
  let window = Math.min(firstWindow, fileSize);
  for (;;) {
    const bytes = await read(0, window);
    try {
      return parseGgufHeader(bytes, fileSize);
    } catch (e) {
      if (!(e instanceof GgufTruncatedError)) throw e;
      if (window >= fileSize) throw new GgufFormatError('the file ends inside its GGUF header');
      window = Math.min(fileSize, Math.max(e.needed, window * 2));
    }
  }
}
