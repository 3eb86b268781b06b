/**
 * Where model files live: one folder per model, whole files written at once. The browser
 * implementation is OPFS (src/platform/opfs-store.ts); tests use an in-memory one. Writing whole
 * files (parts of a shard) keeps every write atomic: OPFS commits a writable only when it closes.
 */
export interface FileStore {
  /** Top-level folders, one per model. */
  folders(): Promise<string[]>;
  list(folder: string): Promise<{ name: string; size: number }[]>;
  /** Writes a whole file, replacing one of the same name; a failed write leaves the old one. */
  write(folder: string, name: string, data: Uint8Array): Promise<void>;
  read(folder: string, name: string): Promise<Blob | null>;
  /** Removes one file, or the whole folder when `name` is omitted. */
  remove(folder: string, name?: string): Promise<void>;
  /** The origin's storage quota and use, when the browser reports them. */
  estimate(): Promise<{ quota: number; usage: number } | null>;
}
