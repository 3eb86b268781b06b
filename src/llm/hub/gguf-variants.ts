import type { HubFile } from './hub-client';

/**
 * A repo's GGUF files grouped into downloadable variants: one file, or the ordered shards of a
 * split model (`name-00001-of-00003.gguf`), labelled with the quantisation their names carry.
 */

export interface GgufVariant {
  /** Quantisation label from the file name, e.g. Q4_K_M; the base name when none is found. */
  quant: string;
  /** Files in load order (shard 1 first). */
  files: HubFile[];
  totalBytes: number;
}

const SHARD = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/i;
const QUANT = /(?:^|[-_.])((?:I?Q\d(?:_[0-9A-Z]+)*)|BF16|F16|F32)$/i;

export function quantOf(baseName: string): string {
  const name = baseName.replace(/\.gguf$/i, '');
  const m = QUANT.exec(name);
  return (m?.[1] ?? name).toUpperCase();
}

/** Projector files for vision models are not language models. */
const isProjector = (name: string) => /(^|\/)mmproj/i.test(name);

export function ggufVariants(files: readonly HubFile[]): GgufVariant[] {
  const singles: GgufVariant[] = [];
  const sets = new Map<string, { count: number; parts: Map<number, HubFile> }>();
  for (const f of files) {
    if (!/\.gguf$/i.test(f.name) || isProjector(f.name) || f.size <= 0) continue;
    const m = SHARD.exec(f.name);
    if (!m) {
      singles.push({ quant: quantOf(f.name.split('/').at(-1) ?? f.name), files: [f], totalBytes: f.size });
      continue;
    }
    const [, base = '', index = '0', count = '0'] = m;
    const key = `${base}|${count}`;
    const set = sets.get(key) ?? { count: Number(count), parts: new Map<number, HubFile>() };
    set.parts.set(Number(index), f);
    sets.set(key, set);
  }
  const sharded: GgufVariant[] = [];
  for (const [key, set] of sets) {
    // An incomplete set cannot load; leave it out rather than fail later.
    if (set.parts.size !== set.count) continue;
    const ordered = [...set.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, f]) => f);
    const base = key.split('|')[0] ?? '';
    sharded.push({
      quant: quantOf(base.split('/').at(-1) ?? base),
      files: ordered,
      totalBytes: ordered.reduce((n, f) => n + f.size, 0),
    });
  }
  return [...singles, ...sharded].sort((a, b) => a.totalBytes - b.totalBytes);
}
