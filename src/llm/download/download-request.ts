import type { LoadProgress } from '../engine';
import type { FetchLike } from '../hub/hub-client';
import type { FileStore } from './file-store';
import type { Manifest, ManifestSource } from './manifest';

/** What a model download is asked for and what it runs with; apart so the job and its per-file step share them without importing each other. */
export interface DownloadRequest {
  folder: string;
  label: string;
  source: ManifestSource;
  files: Manifest['files'];
  /** URL of each source file (built from the current hub setting, so a mirror change is honoured). */
  urls: string[];
  splitBytes: number | null;
}

export interface DownloadDeps {
  store: FileStore;
  fetch: FetchLike;
  signal: AbortSignal;
  onProgress?: (p: LoadProgress) => void;
  /** Bytes per stored part (a checkpoint each); default 32 MiB. */
  partBytes?: number;
  retries?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}
