import { EngineError } from '../engine';
import { formatBytes } from '../progress-stats';
import { downloadFile } from './download-file';
import type { DownloadDeps, DownloadRequest } from './download-request';
import type { FileStore } from './file-store';
import {
  doneBytes,
  HEAD,
  MANIFEST,
  type Manifest,
  readManifest,
  totalBytes,
  writeManifest,
} from './manifest';

/**
 * Downloads a model's files into a store folder, resumably: Range requests continue from the
 * last checkpoint (after each stored part, and whenever the download stops), sizes and SHA-256
 * are checked against what the hub reported, and a single file larger than `splitBytes` is split
 * into llama.cpp shards as it streams, so no file ever exceeds what wllama can load.
 */

export type { DownloadDeps, DownloadRequest } from './download-request';

const MiB = 1024 * 1024;

const sameRequest = (m: Manifest, r: DownloadRequest) =>
  JSON.stringify([m.source, m.files, m.splitBytes]) === JSON.stringify([r.source, r.files, r.splitBytes]);

function freshManifest(r: DownloadRequest, now: number): Manifest {
  const single = r.splitBytes === null;
  return {
    v: 1,
    label: r.label,
    source: r.source,
    files: r.files,
    splitBytes: r.splitBytes,
    shards: single ? r.files.map((f) => ({ name: f.name.split('/').at(-1) ?? f.name, size: f.size })) : [],
    parts: [],
    at: { file: 0, offset: 0 },
    complete: false,
    updatedAt: now,
  };
}

/** The manifest and stored parts agree: every listed part is there at its size. */
async function partsIntact(store: FileStore, folder: string, m: Manifest): Promise<boolean> {
  const files = new Map((await store.list(folder)).map((f) => [f.name, f.size]));
  for (const p of m.parts) if (files.get(p.name) !== p.size) return false;
  // Parts written after the last checkpoint are not listed: remove them.
  const listed = new Set([...m.parts.map((p) => p.name), MANIFEST, HEAD]);
  for (const name of files.keys()) if (!listed.has(name)) await store.remove(folder, name);
  return true;
}

async function quotaCheck(store: FileStore, label: string, remaining: number): Promise<void> {
  const est = await store.estimate().catch(() => null);
  if (!est || est.quota <= 0) return;
  const free = est.quota - est.usage;
  // Headroom for manifests and the browser's own bookkeeping.
  if (free < remaining * 1.02 + 16 * MiB)
    throw new EngineError(
      'out-of-memory',
      `Not enough storage for ${label}: it needs ${formatBytes(remaining)} more, and this browser lets Sleuth store about ${formatBytes(Math.max(0, free))} more (quota ${formatBytes(est.quota)}, ${formatBytes(est.usage)} in use).`,
      'Free disk space, or delete downloaded models in Options → Model.',
    );
}

export async function downloadModel(r: DownloadRequest, d: DownloadDeps): Promise<Manifest> {
  const now = d.now ?? Date.now;
  let m = await readManifest(d.store, r.folder);
  if (m && (!sameRequest(m, r) || !(await partsIntact(d.store, r.folder, m)))) m = null;
  if (!m) {
    await d.store.remove(r.folder).catch(() => undefined);
    m = freshManifest(r, now());
    await writeManifest(d.store, r.folder, m);
  }
  if (m.complete) return m;
  const total = totalBytes(m);
  await quotaCheck(d.store, r.label, total - doneBytes(m));
  for (let file = m.at.file; file < m.files.length; file++) {
    if (file !== m.at.file) m.at = { file, offset: 0 };
    await downloadFile(r, d, m, file, total);
  }
  m.complete = true;
  m.updatedAt = now();
  await writeManifest(d.store, r.folder, m);
  d.onProgress?.({ fraction: 1, loadedBytes: total, totalBytes: total, text: 'Downloaded' });
  return m;
}
