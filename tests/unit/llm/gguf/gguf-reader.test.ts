import { describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../../../scripts/tiny-gguf/tiny-model';
import { GGML_TYPE } from '../../../../src/llm/gguf/ggml-types';
import { kvValue, VALUE_TYPE } from '../../../../src/llm/gguf/gguf-format';
import {
  GgufFormatError,
  GgufTruncatedError,
  parseGgufHeader,
  readGgufHeader,
} from '../../../../src/llm/gguf/gguf-reader';

describe('GGUF header reader', () => {
  const model = buildTinyModel({ layers: 3 });

  it('reads metadata of every kind, tensor infos and the data offset of a generated model', () => {
    const h = parseGgufHeader(model, model.length);
    expect(h.version).toBe(3);
    expect(kvValue(h, 'general.architecture')).toBe('llama');
    expect(kvValue(h, 'llama.block_count')).toBe(3);
    expect(kvValue(h, 'llama.rope.freq_base')).toBeCloseTo(10000);
    expect(kvValue(h, 'tokenizer.ggml.add_bos_token')).toBe(false);
    const tokens = h.kvs.find((kv) => kv.key === 'tokenizer.ggml.tokens');
    expect(tokens?.type).toBe(VALUE_TYPE.array);
    expect(tokens?.itemType).toBe(VALUE_TYPE.string);
    const names = (tokens?.value ?? []) as string[];
    expect(names.slice(-2)).toEqual(['<answer>', '</answer>']);
    const types = kvValue(h, 'tokenizer.ggml.token_type') as number[];
    expect(types.length).toBe(names.length);
    // 3 global tensors + 9 per layer.
    expect(h.tensors.length).toBe(3 + 9 * 3);
    expect(h.alignment).toBe(32);
    expect(h.dataOffset % 32).toBe(0);
    expect(h.dataOffset).toBeGreaterThanOrEqual(h.headerLength);
    const embd = h.tensors.find((t) => t.name === 'token_embd.weight');
    expect(embd?.type).toBe(GGML_TYPE.F32);
    expect(embd?.byteLength).toBe((embd?.dims[0] ?? 0) * (embd?.dims[1] ?? 0) * 4);
    // The last tensor ends within the file, on an aligned boundary.
    const last = [...h.tensors].sort((a, b) => a.offset - b.offset).at(-1);
    expect(h.dataOffset + (last?.offset ?? 0) + (last?.byteLength ?? 0)).toBeLessThanOrEqual(model.length);
  });

  it('keeps each entry’s raw bytes, which re-encode the header exactly', () => {
    const h = parseGgufHeader(model);
    const rawTotal = h.kvs.reduce((n, kv) => n + kv.raw.length, 0);
    // magic + version + two counts, then the entries back to back.
    const first = h.kvs[0]?.raw;
    expect(first && Buffer.from(model.subarray(24, 24 + first.length)).equals(Buffer.from(first))).toBe(true);
    expect(24 + rawTotal).toBeLessThan(h.headerLength);
  });

  it('sizes quantised tensors from their ggml type', () => {
    const q = buildTinyModel({ quantize: true, embedding: 64, feedForward: 128 });
    const h = parseGgufHeader(q, q.length);
    const wq = h.tensors.find((t) => t.name === 'blk.0.attn_q.weight');
    expect(wq?.type).toBe(GGML_TYPE.Q8_0);
    expect(wq?.byteLength).toBe((64 * 64 * 34) / 32);
  });

  it('honours a non-default general.alignment', () => {
    const m = buildTinyModel({ alignment: 64 });
    const h = parseGgufHeader(m, m.length);
    expect(h.alignment).toBe(64);
    expect(h.dataOffset % 64).toBe(0);
    expect(h.tensors.every((t) => t.offset % 64 === 0)).toBe(true);
  });

  it('says how many more bytes it needs when the header is cut short', () => {
    let needed = 0;
    try {
      parseGgufHeader(model.subarray(0, 1000));
    } catch (e) {
      expect(e).toBeInstanceOf(GgufTruncatedError);
      needed = (e as GgufTruncatedError).needed;
    }
    expect(needed).toBeGreaterThan(1000);
  });

  it('reads a header through small range reads, growing the window', async () => {
    const reads: number[] = [];
    const h = await readGgufHeader(
      async (offset, length) => {
        reads.push(length);
        return model.subarray(offset, offset + length);
      },
      model.length,
      256,
    );
    expect(h.tensors.length).toBeGreaterThan(0);
    expect(reads.length).toBeGreaterThan(1);
    expect(Math.max(...reads)).toBeLessThan(2 * h.headerLength + 256);
  });

  it('refuses files that are not GGUF or are inconsistent', () => {
    expect(() => parseGgufHeader(new TextEncoder().encode('<!doctype html><html>nope</html>'))).toThrow(
      GgufFormatError,
    );
    const h = parseGgufHeader(model);
    // A file shorter than its last tensor.
    expect(() => parseGgufHeader(model, h.dataOffset + 10)).toThrow(/past the end/);
    // A corrupt tensor type id.
    const bad = model.slice();
    const info = h.tensors[0];
    if (!info) throw new Error('no tensor');
    const nameAt = Buffer.from(bad).indexOf(Buffer.from(info.name));
    const typeAt = nameAt + info.name.length + 4 + 8 * info.dims.length;
    new DataView(bad.buffer).setUint32(typeAt, 4, true); // a retired ggml type
    expect(() => parseGgufHeader(bad)).toThrow(/ggml type 4/);
  });
});
