import type { Piece } from '../gguf/byte-layout';
import type { FileStore } from './file-store';
import type { Manifest } from './manifest';

/**
 * Collects output pieces and stores them as numbered part files, one shard at a time. Parts are
 * whole files, so each is either fully stored or absent; the manifest lists those stored.
 */
export class PartWriter {
  private shard = -1;
  private chunks: Uint8Array[] = [];
  private bytes = 0;
  private seq: number;

  constructor(
    private readonly store: FileStore,
    private readonly folder: string,
    private readonly manifest: Manifest,
  ) {
    this.seq = manifest.parts.length;
  }

  get buffered(): number {
    return this.bytes;
  }

  async add(pieces: readonly Piece[]): Promise<void> {
    for (const p of pieces) {
      if (p.shard !== this.shard && this.bytes > 0) await this.flush();
      this.shard = p.shard;
      this.chunks.push(p.bytes);
      this.bytes += p.bytes.length;
    }
  }

  async flush(): Promise<void> {
    if (this.bytes === 0) return;
    const data = new Uint8Array(this.bytes);
    let at = 0;
    for (const c of this.chunks) {
      data.set(c, at);
      at += c.length;
    }
    const name = `part-${String(this.seq).padStart(6, '0')}.bin`;
    await this.store.write(this.folder, name, data);
    this.seq++;
    this.manifest.parts.push({ shard: this.shard, name, size: data.length });
    this.chunks = [];
    this.bytes = 0;
  }
}

/** Bytes stored per shard according to the manifest's parts. */
export function storedLengths(m: Pick<Manifest, 'parts' | 'shards'>): number[] {
  const out = m.shards.map(() => 0);
  for (const p of m.parts) out[p.shard] = (out[p.shard] ?? 0) + p.size;
  return out;
}
