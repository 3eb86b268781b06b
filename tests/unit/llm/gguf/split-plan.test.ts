import { describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../../../scripts/tiny-gguf/tiny-model';
import {
  identityLayout,
  LayoutCursor,
  outputLengthsAt,
  type Piece,
} from '../../../../src/llm/gguf/byte-layout';
import { kvValue, SPLIT_KEYS, VALUE_TYPE } from '../../../../src/llm/gguf/gguf-format';
import { parseGgufHeader } from '../../../../src/llm/gguf/gguf-reader';
import { planSplit, SplitError, shardFileName } from '../../../../src/llm/gguf/split-plan';

/** Runs the source through a cursor in chunks of the given sizes; returns the shard files. */
function stream(source: Uint8Array, shardSizes: number[], chunkSizes: (i: number) => number, start = 0) {
  return (cursor: LayoutCursor, into = shardSizes.map(() => [] as Uint8Array[])) => {
    let at = start;
    let i = 0;
    while (at < source.length) {
      const next = Math.min(source.length, at + Math.max(1, chunkSizes(i++)));
      for (const p of cursor.feed(source.subarray(at, next)) as Piece[]) into[p.shard]?.push(p.bytes.slice());
      at = next;
    }
    return into.map((parts) => Buffer.concat(parts));
  };
}

describe('GGUF splitter', () => {
  const model = buildTinyModel({ layers: 6, embedding: 96, feedForward: 256, alignment: 64 });
  const header = parseGgufHeader(model, model.length);
  const limit = 160_000;
  const plan = planSplit(header, limit);
  const shards = stream(model, plan.shardSizes, (i) => 1 + ((i * 7919) % 50_000))(new LayoutCursor(plan));

  it('writes several shards, each a valid GGUF within the limit with llama.cpp’s split keys', () => {
    expect(shards.length).toBeGreaterThan(3);
    shards.forEach((bytes, i) => {
      expect(bytes.length).toBe(plan.shardSizes[i]);
      expect(bytes.length).toBeLessThanOrEqual(limit);
      const h = parseGgufHeader(bytes, bytes.length);
      const kv = (k: string) => h.kvs.find((e) => e.key === k);
      expect(kv(SPLIT_KEYS.no)).toMatchObject({ type: VALUE_TYPE.u16, value: i });
      expect(kv(SPLIT_KEYS.count)).toMatchObject({ type: VALUE_TYPE.u16, value: shards.length });
      expect(kv(SPLIT_KEYS.tensors)).toMatchObject({ type: VALUE_TYPE.i32, value: header.tensors.length });
      expect(h.alignment).toBe(64);
      if (i === 0) {
        // All original metadata is in the first shard, byte for byte.
        for (const orig of header.kvs)
          expect(Buffer.from(kv(orig.key)?.raw ?? []).equals(Buffer.from(orig.raw))).toBe(true);
      } else {
        expect(h.kvs.map((e) => e.key).sort()).toEqual(
          ['general.alignment', ...Object.values(SPLIT_KEYS)].sort(),
        );
        expect(kvValue(h, 'general.architecture')).toBeUndefined();
      }
    });
  });

  it('keeps every tensor whole and byte-identical; their data concatenated equals the original', () => {
    const seen: string[] = [];
    const fromShards: Buffer[] = [];
    for (const bytes of shards) {
      const h = parseGgufHeader(bytes, bytes.length);
      for (const t of [...h.tensors].sort((a, b) => a.offset - b.offset)) {
        seen.push(t.name);
        fromShards.push(bytes.subarray(h.dataOffset + t.offset, h.dataOffset + t.offset + t.byteLength));
      }
    }
    const original = [...header.tensors]
      .sort((a, b) => a.offset - b.offset)
      .map((t) =>
        Buffer.from(
          model.subarray(header.dataOffset + t.offset, header.dataOffset + t.offset + t.byteLength),
        ),
      );
    expect(seen).toEqual([...header.tensors].sort((a, b) => a.offset - b.offset).map((t) => t.name));
    expect(Buffer.concat(fromShards).equals(Buffer.concat(original))).toBe(true);
    // Shard tensor infos describe the same shapes and types.
    const byName = new Map(header.tensors.map((t) => [t.name, t]));
    for (const bytes of shards)
      for (const t of parseGgufHeader(bytes).tensors)
        expect({ dims: t.dims, type: t.type }).toEqual({
          dims: byName.get(t.name)?.dims,
          type: byName.get(t.name)?.type,
        });
  });

  it('resumes from any source offset and produces the same shards', () => {
    for (const cut of [
      1,
      header.dataOffset - 1,
      header.dataOffset + 5,
      Math.floor(model.length / 2),
      model.length - 3,
    ]) {
      const first = stream(model.subarray(0, cut), plan.shardSizes, () => 4096)(new LayoutCursor(plan));
      expect(first.map((b) => b.length)).toEqual(outputLengthsAt(plan, cut));
      const rest = stream(model, plan.shardSizes, () => 10_000, cut)(new LayoutCursor(plan, cut));
      const joined = first.map((b, i) => Buffer.concat([b, rest[i] ?? Buffer.alloc(0)]));
      for (const [i, b] of joined.entries())
        expect(b.equals(shards[i] ?? Buffer.alloc(0)), `cut ${cut}, shard ${i}`).toBe(true);
    }
  });

  it('refuses a limit smaller than a tensor, with the numbers', () => {
    expect(() => planSplit(header, 20_000)).toThrow(SplitError);
    expect(() => planSplit(header, 20_000)).toThrow(/needs \d+ bytes, more than the 20000-byte/);
  });

  it('passes a file through unchanged with the identity layout', () => {
    const id = identityLayout(model.length);
    const [out] = stream(model, id.shardSizes, (i) => 333 + i)(new LayoutCursor(id));
    expect(out?.equals(Buffer.from(model))).toBe(true);
  });

  it('names shards as llama.cpp expects', () => {
    expect(shardFileName('model', 0, 3)).toBe('model-00001-of-00003.gguf');
    expect(shardFileName('m', 11, 12)).toBe('m-00012-of-00012.gguf');
  });
});
