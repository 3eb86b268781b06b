import { isAbortError } from '../abort';
import { EngineError, type LoadProgress } from '../engine';
import { type ByteLayout, identityLayout, LayoutCursor, outputLengthsAt } from '../gguf/byte-layout';
import { GgufFormatError, GgufTruncatedError, parseGgufHeader } from '../gguf/gguf-reader';
import { Sha256 } from '../gguf/sha256';
import { planSplit, SplitError, shardFileName } from '../gguf/split-plan';
import type { FetchLike } from '../hub/hub-client';
import { formatBytes } from '../progress-stats';
import type { FileStore } from './file-store';
import {
  doneBytes,
  HEAD,
  MANIFEST,
  type Manifest,
  type ManifestSource,
  readManifest,
  totalBytes,
  writeManifest,
} from './manifest';
import { PartWriter, storedLengths } from './part-writer';
import { openRange, TransientError } from './range-fetch';

/**
 * Downloads a model's files into a store folder, resumably: Range requests continue from the
 * last checkpoint (after each stored part, and whenever the download stops), sizes and SHA-256
 * are checked against what the hub reported, and a single file larger than `splitBytes` is split
 * into llama.cpp shards as it streams, so no file ever exceeds what wllama can load.
 */

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

const MiB = 1024 * 1024;
/** A GGUF header bigger than this is not a model we can plan (Qwen3's is about 10 MB). */
const MAX_HEADER = 128 * MiB;

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

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((ok, bad) => {
    const t = setTimeout(ok, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      bad(signal.reason);
    });
  });
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

async function layoutFor(
  r: DownloadRequest,
  d: DownloadDeps,
  m: Manifest,
  file: number,
): Promise<ByteLayout | null> {
  const f = m.files[file];
  if (!f) throw new Error('no such file');
  if (m.splitBytes === null) return identityLayout(f.size, file);
  if (m.at.offset === 0) return null; // planned once the header has streamed in
  const head = await d.store.read(r.folder, HEAD);
  if (!head) return null;
  return planSplit(parseGgufHeader(new Uint8Array(await head.arrayBuffer()), f.size), m.splitBytes);
}

async function downloadFile(r: DownloadRequest, d: DownloadDeps, m: Manifest, file: number, total: number) {
  const f = m.files[file];
  const url = r.urls[file];
  if (!f || !url) throw new Error('no such file');
  const label = `${r.label} (${f.name})`;
  let layout = await layoutFor(r, d, m, file);
  if (m.at.offset > 0 && layout === null) m.at = { file, offset: 0 }; // header lost: start the file again
  // The stored parts must be exactly what this layout produces up to the checkpoint.
  if (layout) {
    const want = outputLengthsAt(layout, m.at.offset);
    const have = storedLengths(m);
    if (want.some((n, i) => (layout?.shardSizes[i] ?? 0) > 0 && (have[i] ?? 0) !== n)) {
      m.parts = m.parts.filter((p) => !(layout?.shardSizes[p.shard] ?? 0));
      m.at = { file, offset: 0 };
    }
  }
  if (f.sha256 && m.at.offset > 0 && !m.at.hash) m.at = { file, offset: 0 };
  if (m.at.offset === 0) m.parts = m.parts.filter((p) => !layout || !(layout.shardSizes[p.shard] ?? 0));
  let hash = f.sha256 ? (m.at.offset > 0 && m.at.hash ? Sha256.resume(m.at.hash) : new Sha256()) : null;
  let cursor = layout ? new LayoutCursor(layout, m.at.offset) : null;
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let offset = m.at.offset;
  const writer = new PartWriter(d.store, r.folder, m);
  const partBytes = Math.min(d.partBytes ?? 32 * MiB, m.splitBytes ?? Number.POSITIVE_INFINITY);
  const before = m.files.slice(0, file).reduce((n, x) => n + x.size, 0);

  const checkpoint = async () => {
    if (!cursor) return; // nothing written before the split plan exists
    await writer.flush();
    m.at = { file, offset, ...(hash ? { hash: hash.state() } : {}) };
    m.updatedAt = (d.now ?? Date.now)();
    await writeManifest(d.store, r.folder, m);
  };
  const progress = () =>
    d.onProgress?.({
      fraction: total ? (before + offset) / total : 0,
      loadedBytes: before + offset,
      totalBytes: total,
      text: `Downloading ${r.label}`,
    });

  const planFromHead = async (chunk: Uint8Array) => {
    head.push(chunk);
    headBytes += chunk.length;
    const bytes = new Uint8Array(headBytes);
    let at = 0;
    for (const c of head) {
      bytes.set(c, at);
      at += c.length;
    }
    head = [bytes];
    try {
      const header = parseGgufHeader(bytes, f.size);
      const plan = planSplit(header, m.splitBytes ?? f.size);
      const base = (f.name.split('/').at(-1) ?? 'model').replace(/\.gguf$/i, '');
      m.shards = plan.shardSizes.map((size, i) => ({
        name: shardFileName(base, i, plan.shardSizes.length),
        size,
      }));
      await d.store.write(r.folder, HEAD, bytes.slice(0, header.dataOffset));
      layout = plan;
      cursor = new LayoutCursor(plan, 0);
      head = [];
      await writer.add(cursor.feed(bytes));
    } catch (e) {
      if (e instanceof GgufTruncatedError && headBytes < MAX_HEADER && headBytes < f.size) return;
      if (e instanceof GgufFormatError || e instanceof SplitError || e instanceof GgufTruncatedError) {
        await d.store.remove(r.folder).catch(() => undefined);
        throw new EngineError(
          'bad-response',
          `${label} is not a GGUF model Sleuth can load: ${e.message}.`,
          'Choose another file or model.',
        );
      }
      throw e;
    }
  };

  let failures = 0;
  const retries = d.retries ?? 5;
  while (offset < f.size) {
    try {
      if (!cursor) {
        // Before the split plan exists nothing is stored: start the file over.
        offset = 0;
        head = [];
        headBytes = 0;
        hash = f.sha256 ? new Sha256() : null;
      }
      const body = await openRange(url, offset, f.size, { fetch: d.fetch, signal: d.signal, label });
      let skip = body.skip;
      for (;;) {
        const { done, value } = await body.reader.read();
        if (done) break;
        let chunk = value;
        if (skip > 0) {
          const drop = Math.min(skip, chunk.length);
          skip -= drop;
          chunk = chunk.subarray(drop);
          if (chunk.length === 0) continue;
        }
        if (offset + chunk.length > f.size) chunk = chunk.subarray(0, f.size - offset);
        hash?.update(chunk);
        offset += chunk.length;
        if (cursor) await writer.add(cursor.feed(chunk));
        else await planFromHead(chunk);
        failures = 0;
        if (writer.buffered >= partBytes) await checkpoint();
        progress();
        if (offset >= f.size) {
          await body.reader.cancel().catch(() => undefined);
          break;
        }
      }
      if (offset < f.size) throw new TransientError('the connection closed early');
    } catch (e) {
      if (d.signal.aborted || isAbortError(e)) {
        await checkpoint().catch(() => undefined);
        throw e;
      }
      const transient =
        e instanceof TransientError || (e instanceof TypeError && !(e instanceof EngineError));
      if (!transient || ++failures > retries) {
        await checkpoint().catch(() => undefined);
        if (!transient) throw e;
        throw new EngineError(
          'offline',
          `Downloading ${r.label} stopped at ${formatBytes(before + offset)} of ${formatBytes(total)}: ${(e as Error).message}.`,
          'It continues from there when you load the model again.',
        );
      }
      // Stored now, so a browser closed while waiting to retry resumes from exactly here.
      await checkpoint();
      await (d.sleep ?? defaultSleep)(Math.min(30_000, 500 * 2 ** (failures - 1)), d.signal);
    }
  }
  await checkpoint();
  if (hash && f.sha256) {
    d.onProgress?.({
      fraction: (before + offset) / total,
      loadedBytes: before + offset,
      totalBytes: total,
      text: `Checking ${f.name}`,
    });
    const digest = hash.digest();
    if (digest !== f.sha256) {
      await d.store.remove(r.folder).catch(() => undefined);
      throw new EngineError(
        'download-failed',
        `${label} does not match the hub's checksum (SHA-256 ${digest.slice(0, 12)}…, expected ${f.sha256.slice(0, 12)}…); the download was deleted.`,
        'Download it again; if it keeps failing, the mirror may serve a different file.',
      );
    }
  }
}
