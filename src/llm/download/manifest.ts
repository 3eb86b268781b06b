import * as v from 'valibot';
import type { FileStore } from './file-store';

/**
 * A model folder's record (`manifest.json`): what the files are, where they came from, and how far
 * the download got — a checkpoint a restart resumes from. Written after each part is stored.
 */

export const MANIFEST = 'manifest.json';
export const HEAD = 'source-head.bin';

const Int = v.pipe(v.number(), v.integer(), v.minValue(0));

const HashState = v.object({
  h: v.pipe(v.array(v.number()), v.length(8)),
  tail: v.pipe(v.string(), v.regex(/^(?:[0-9a-f]{2}){0,63}$/)),
  length: Int,
});

const Source = v.variant('kind', [
  v.object({ kind: v.literal('hub'), repo: v.string(), revision: v.string(), quant: v.string() }),
  v.object({ kind: v.literal('url'), url: v.string() }),
]);

export const ManifestSchema = v.object({
  v: v.literal(1),
  label: v.string(),
  source: Source,
  /** Source files in order (a repo's published shards, or one file). */
  files: v.array(
    v.object({
      name: v.string(),
      size: Int,
      sha256: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
    }),
  ),
  /** When set, the single source file is split into shards of at most this many bytes. */
  splitBytes: v.nullable(Int),
  /** Output files (GGUF shards) in load order, with their final sizes; empty until planned. */
  shards: v.array(v.object({ name: v.string(), size: Int })),
  /** Stored pieces of the shards, in write order. */
  parts: v.array(v.object({ shard: Int, name: v.string(), size: Int })),
  /** Source file index and byte offset reached, with the running hash of that file. */
  at: v.object({ file: Int, offset: Int, hash: v.optional(HashState) }),
  complete: v.boolean(),
  updatedAt: v.number(),
});

export type Manifest = v.InferOutput<typeof ManifestSchema>;
export type ManifestSource = Manifest['source'];

export async function readManifest(store: FileStore, folder: string): Promise<Manifest | null> {
  const blob = await store.read(folder, MANIFEST);
  if (!blob) return null;
  try {
    const parsed = v.safeParse(ManifestSchema, JSON.parse(await blob.text()));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeManifest(store: FileStore, folder: string, m: Manifest): Promise<void> {
  return store.write(folder, MANIFEST, new TextEncoder().encode(JSON.stringify(m)));
}

export const totalBytes = (m: Pick<Manifest, 'files'>) => m.files.reduce((n, f) => n + f.size, 0);

/** Source bytes already downloaded at the checkpoint. */
export function doneBytes(m: Pick<Manifest, 'files' | 'at'>): number {
  return m.files.slice(0, m.at.file).reduce((n, f) => n + f.size, 0) + m.at.offset;
}
