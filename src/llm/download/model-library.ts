import { EngineError, type LoadProgress } from '../engine';
import { Sha256 } from '../gguf/sha256';
import type { FetchLike } from '../hub/hub-client';
import { type DownloadRequest, downloadModel } from './download-job';
import type { FileStore } from './file-store';
import { doneBytes, type Manifest, readManifest, totalBytes } from './manifest';

/**
 * The downloaded models: what is stored (complete or partial), one download at a time with
 * cancel, delete, and the shard files of a complete model for wllama to load.
 */

export interface StoredModel {
  folder: string;
  label: string;
  source: Manifest['source'];
  /** Source file names (a repo's file, or its shard set). */
  files: string[];
  shards: number;
  totalBytes: number;
  doneBytes: number;
  complete: boolean;
  updatedAt: number;
}

export function folderFor(source: Manifest['source']): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120);
  if (source.kind === 'hub') return clean(`${source.repo.replace('/', '--')}--${source.quant}`);
  return `url-${new Sha256().update(new TextEncoder().encode(source.url)).digest().slice(0, 16)}`;
}

interface LibraryDeps {
  store: FileStore;
  fetch: FetchLike;
  partBytes?: number;
}

type ActiveDownload = { folder: string; label: string; abort: AbortController; settled: Promise<unknown> };

function describe(folder: string, m: Manifest): StoredModel {
  return {
    folder,
    label: m.label,
    source: m.source,
    files: m.files.map((f) => f.name),
    shards: m.shards.length,
    totalBytes: totalBytes(m),
    doneBytes: m.complete ? totalBytes(m) : doneBytes(m),
    complete: m.complete,
    updatedAt: m.updatedAt,
  };
}

/** The shard files of a complete model, in load order, each assembled from its parts. */
async function openShards(store: FileStore, folder: string): Promise<Blob[]> {
  const m = await readManifest(store, folder);
  if (!m?.complete)
    throw new EngineError('not-loaded', 'The model is not fully downloaded.', 'Download it first.');
  const shards: Blob[][] = m.shards.map(() => []);
  for (const p of m.parts) {
    const blob = await store.read(folder, p.name);
    if (!blob || blob.size !== p.size)
      throw new EngineError(
        'download-failed',
        `A stored part of ${m.label} is missing or damaged.`,
        'Delete the model in Options → Model and download it again.',
      );
    shards[p.shard]?.push(blob);
  }
  return shards.map((parts, i) => {
    const blob = new Blob(parts, { type: 'application/octet-stream' });
    if (blob.size !== m.shards[i]?.size)
      throw new EngineError(
        'download-failed',
        `${m.label}'s shard ${i + 1} has ${blob.size} bytes, expected ${m.shards[i]?.size}.`,
        'Delete the model in Options → Model and download it again.',
      );
    return blob;
  });
}

/** Runs one download, known as `active` while it runs (so it can be cancelled or refused a second). */
async function runDownload(
  deps: LibraryDeps,
  req: DownloadRequest,
  opts: { signal?: AbortSignal; onProgress?: (p: LoadProgress) => void },
  track: (active: ActiveDownload | null) => void,
): Promise<StoredModel> {
  const abort = new AbortController();
  const stop = () => abort.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', stop, { once: true });
  if (opts.signal?.aborted) stop();
  const running = downloadModel(req, {
    store: deps.store,
    fetch: deps.fetch,
    signal: abort.signal,
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(deps.partBytes ? { partBytes: deps.partBytes } : {}),
  });
  track({ folder: req.folder, label: req.label, abort, settled: running.catch(() => undefined) });
  try {
    return describe(req.folder, await running);
  } finally {
    track(null);
    opts.signal?.removeEventListener('abort', stop);
  }
}

export function createModelLibrary(deps: LibraryDeps) {
  let active: ActiveDownload | null = null;
  return {
    async list(): Promise<StoredModel[]> {
      const out: StoredModel[] = [];
      for (const folder of await deps.store.folders()) {
        const m = await readManifest(deps.store, folder);
        if (m) out.push(describe(folder, m));
      }
      return out.sort((a, b) => b.updatedAt - a.updatedAt);
    },

    async get(folder: string): Promise<StoredModel | null> {
      const m = await readManifest(deps.store, folder);
      return m ? describe(folder, m) : null;
    },

    /** The folder being downloaded, if any. */
    downloading(): string | null {
      return active?.folder ?? null;
    },

    cancel(): boolean {
      if (!active) return false;
      active.abort.abort(new DOMException('The download was cancelled.', 'AbortError'));
      return true;
    },

    async remove(folder: string): Promise<void> {
      if (active?.folder === folder) {
        const { abort, settled } = active;
        abort.abort(new DOMException('The model was deleted.', 'AbortError'));
        // A stopping download stores its last checkpoint; delete after that, not before.
        await settled;
      }
      await deps.store.remove(folder);
    },

    /** Downloads (or resumes) a model; only one download runs at a time. */
    async download(
      req: DownloadRequest,
      opts: { signal?: AbortSignal; onProgress?: (p: LoadProgress) => void } = {},
    ): Promise<StoredModel> {
      if (active)
        throw new EngineError(
          'download-failed',
          `${active.label} is downloading; one model downloads at a time.`,
          'Wait for it to finish, or cancel it first.',
        );
      return runDownload(deps, req, opts, (a) => {
        active = a;
      });
    },

    /** The shard files of a complete model, in load order, each assembled from its parts. */
    open: (folder: string): Promise<Blob[]> => openShards(deps.store, folder),
  };
}

export type ModelLibrary = ReturnType<typeof createModelLibrary>;
