import type { ByteLayout, Segment } from './byte-layout';
import { encodeHeader, encodeKv, type TensorEntry } from './gguf-encode';
import { alignUp, DEFAULT_ALIGNMENT, type GgufHeader, type GgufTensorInfo, SPLIT_KEYS } from './gguf-format';

/**
 * Splits one GGUF into llama.cpp shards, the way `llama-gguf-split` lays them out: every shard is a
 * GGUF of whole tensors; the first carries all of the original metadata plus `split.no`,
 * `split.count` (u16) and `split.tensors.count` (i32); the others carry only those split keys.
 * Unlike llama-gguf-split's soft limit, each shard here, header included, stays within the limit.
 */

export class SplitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SplitError';
  }
}

export interface SplitPlan extends ByteLayout {
  /** Tensor names per shard, in file order. */
  shardTensors: string[][];
}

const isSplitKey = (key: string) =>
  key === SPLIT_KEYS.no || key === SPLIT_KEYS.count || key === SPLIT_KEYS.tensors;

function splitKvs(index: number, count: number, tensors: number): Uint8Array[] {
  return [
    encodeKv(SPLIT_KEYS.no, { type: 'u16', value: index }),
    encodeKv(SPLIT_KEYS.count, { type: 'u16', value: count }),
    encodeKv(SPLIT_KEYS.tensors, { type: 'i32', value: tensors }),
  ];
}

const utf8 = new TextEncoder();
const infoBytes = (t: GgufTensorInfo) => 8 + utf8.encode(t.name).length + 4 + 8 * t.dims.length + 4 + 8;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** `maxShardBytes` bounds every shard file; the source's `general.alignment` is kept in each shard. */
export function planSplit(header: GgufHeader, maxShardBytes: number): SplitPlan {
  const { alignment } = header;
  const tensors = [...header.tensors].sort((a, b) => a.offset - b.offset);
  if (tensors.length === 0) throw new SplitError('the GGUF has no tensors to split');
  if (tensors.length > 0xffff) throw new SplitError('too many tensors for llama.cpp split files');
  const metadata = header.kvs.filter((kv) => !isSplitKey(kv.key)).map((kv) => kv.raw);
  // Shards after the first have no metadata of their own, so a non-default alignment must be
  // restated there or llama.cpp would read their data section at the default 32.
  const alignKv = header.kvs.find((kv) => kv.key === 'general.alignment');
  const laterMeta = alignment !== DEFAULT_ALIGNMENT && alignKv ? [alignKv.raw] : [];
  const splitKeysBytes = sum(splitKvs(0, 1, 1).map((b) => b.length));
  const fixed = (first: boolean) =>
    4 + 4 + 8 + 8 + splitKeysBytes + sum((first ? metadata : laterMeta).map((b) => b.length));

  // Greedy: fill each shard in file order while header + padded data fits the limit.
  const groups: GgufTensorInfo[][] = [];
  let current: GgufTensorInfo[] = [];
  let infos = 0;
  let data = 0;
  for (const t of tensors) {
    const padded = alignUp(t.byteLength, alignment);
    const size = (info: number, d: number) => alignUp(fixed(groups.length === 0) + info, alignment) + d;
    if (current.length > 0 && size(infos + infoBytes(t), data + padded) > maxShardBytes) {
      groups.push(current);
      current = [];
      infos = 0;
      data = 0;
    }
    if (size(infoBytes(t), padded) > maxShardBytes)
      throw new SplitError(
        `tensor ${t.name} needs ${padded} bytes, more than the ${maxShardBytes}-byte shard limit`,
      );
    current.push(t);
    infos += infoBytes(t);
    data += padded;
  }
  groups.push(current);
  if (groups.length > 0xffff) throw new SplitError('the shard limit is too small: more than 65535 shards');

  const segments: Segment[] = [];
  const shardSizes: number[] = [];
  groups.forEach((group, shard) => {
    let offset = 0;
    const entries: TensorEntry[] = group.map((t) => {
      const e = { name: t.name, dims: t.dims, type: t.type, offset };
      offset += alignUp(t.byteLength, alignment);
      return e;
    });
    const kvs = [...(shard === 0 ? metadata : laterMeta), ...splitKvs(shard, groups.length, tensors.length)];
    const head = encodeHeader(kvs, entries, alignment);
    segments.push({ shard, bytes: head });
    for (const t of group) {
      const from = header.dataOffset + t.offset;
      segments.push({ shard, from, to: from + t.byteLength });
      const pad = alignUp(t.byteLength, alignment) - t.byteLength;
      if (pad) segments.push({ shard, bytes: new Uint8Array(pad) });
    }
    shardSizes.push(head.length + offset);
  });
  return { shardSizes, segments, shardTensors: groups.map((g) => g.map((t) => t.name)) };
}

/** llama.cpp's shard naming: `{prefix}-00001-of-00003.gguf`. */
export function shardFileName(prefix: string, index: number, count: number): string {
  const pad = (n: number) => String(n).padStart(5, '0');
  return `${prefix}-${pad(index + 1)}-of-${pad(count)}.gguf`;
}
