import { closeSync, openSync, writeSync } from 'node:fs';
import { encodeHeader, encodeKv, type TensorEntry } from '../../src/llm/gguf/gguf-encode';
import { alignUp } from '../../src/llm/gguf/gguf-format';
import { blockBytes, fillRandomBlocks, WordRng } from './kquant-random';
import type { TwinPlan } from './qwen3-twin';

/**
 * Streams a twin plan to disk: header (with the product's encoder), then each tensor's random
 * blocks in chunks, so a 2.5 GB file never sits in memory at once.
 */

const ALIGNMENT = 32;
const CHUNK = 32 << 20;

export function twinHeader(plan: TwinPlan): {
  header: Uint8Array;
  entries: TensorEntry[];
  dataBytes: number;
} {
  const kvs = [
    encodeKv('general.alignment', { type: 'u32', value: ALIGNMENT }),
    ...[...plan.metadata].map(([key, value]) => encodeKv(key, value)),
  ];
  let offset = 0;
  const entries = plan.tensors.map((t) => {
    const e = { name: t.name, dims: t.dims, type: t.type, offset };
    offset += alignUp(t.bytes, ALIGNMENT);
    return e;
  });
  return { header: encodeHeader(kvs, entries, ALIGNMENT), entries, dataBytes: offset };
}

/** Writes the file; returns its size in bytes. */
export function writeTwin(plan: TwinPlan, file: string, seed = 42): number {
  const { header, dataBytes } = twinHeader(plan);
  const rng = new WordRng(seed);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, header);
    const buf = new Uint8Array(CHUNK);
    for (const t of plan.tensors) {
      const block = blockBytes(t.type);
      const step = Math.floor(CHUNK / block) * block;
      for (let done = 0; done < t.bytes; done += step) {
        const part = buf.subarray(0, Math.min(step, t.bytes - done));
        fillRandomBlocks(t.type, part, rng);
        writeSync(fd, part);
      }
      const pad = alignUp(t.bytes, ALIGNMENT) - t.bytes;
      if (pad) writeSync(fd, new Uint8Array(pad));
    }
  } finally {
    closeSync(fd);
  }
  return header.length + dataBytes;
}
