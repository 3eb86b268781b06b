import { isAbortError } from '../abort';
import { EngineError } from '../engine';
import { type ByteLayout, identityLayout, LayoutCursor, outputLengthsAt } from '../gguf/byte-layout';
import { GgufFormatError, GgufTruncatedError, parseGgufHeader } from '../gguf/gguf-reader';
import { Sha256 } from '../gguf/sha256';
import { planSplit, SplitError, shardFileName } from '../gguf/split-plan';
import { formatBytes } from '../progress-stats';
import type { DownloadDeps, DownloadRequest } from './download-request';
import { HEAD, type Manifest, writeManifest } from './manifest';
import { PartWriter, storedLengths } from './part-writer';
import { openRange, TransientError } from './range-fetch';

/**
 * Streams one source file of a download into stored parts: resumes from the manifest's checkpoint
 * when the stored parts still match, plans llama.cpp shards from the GGUF header as it arrives,
 * retries transient failures with backoff (checkpointing first), and checks the SHA-256 at the end.
 */

const MiB = 1024 * 1024;
/** A GGUF header bigger than this is not a model we can plan (Qwen3's is about 10 MB). */
const MAX_HEADER = 128 * MiB;

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((ok, bad) => {
    const t = setTimeout(ok, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      bad(signal.reason);
    });
  });
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

/** One source file's download in progress: where it stands, and what its bytes go through. */
interface FileRun {
  r: DownloadRequest;
  d: DownloadDeps;
  m: Manifest;
  file: number;
  f: Manifest['files'][number];
  url: string;
  label: string;
  total: number;
  /** Bytes of the files before this one (progress counts the whole download). */
  before: number;
  partBytes: number;
  writer: PartWriter;
  layout: ByteLayout | null;
  cursor: LayoutCursor | null;
  head: Uint8Array[];
  headBytes: number;
  offset: number;
  hash: Sha256 | null;
  failures: number;
}

/** Where the file resumes: the checkpoint when the stored parts still match its layout, else its start. */
async function openFileRun(
  r: DownloadRequest,
  d: DownloadDeps,
  m: Manifest,
  file: number,
  total: number,
): Promise<FileRun> {
  const f = m.files[file];
  const url = r.urls[file];
  if (!f || !url) throw new Error('no such file');
  const layout = await layoutFor(r, d, m, file);
  if (m.at.offset > 0 && layout === null) m.at = { file, offset: 0 }; // header lost: start the file again
  // The stored parts must be exactly what this layout produces up to the checkpoint.
  if (layout) {
    const want = outputLengthsAt(layout, m.at.offset);
    const have = storedLengths(m);
    if (want.some((n, i) => (layout.shardSizes[i] ?? 0) > 0 && (have[i] ?? 0) !== n)) {
      m.parts = m.parts.filter((p) => !(layout.shardSizes[p.shard] ?? 0));
      m.at = { file, offset: 0 };
    }
  }
  if (f.sha256 && m.at.offset > 0 && !m.at.hash) m.at = { file, offset: 0 };
  if (m.at.offset === 0) m.parts = m.parts.filter((p) => !layout || !(layout.shardSizes[p.shard] ?? 0));
  return {
    ...{ r, d, m, file, f, url, label: `${r.label} (${f.name})`, total },
    before: m.files.slice(0, file).reduce((n, x) => n + x.size, 0),
    partBytes: Math.min(d.partBytes ?? 32 * MiB, m.splitBytes ?? Number.POSITIVE_INFINITY),
    writer: new PartWriter(d.store, r.folder, m),
    layout,
    cursor: layout ? new LayoutCursor(layout, m.at.offset) : null,
    head: [],
    headBytes: 0,
    offset: m.at.offset,
    hash: f.sha256 ? (m.at.offset > 0 && m.at.hash ? Sha256.resume(m.at.hash) : new Sha256()) : null,
    failures: 0,
  };
}

async function checkpoint(run: FileRun): Promise<void> {
  if (!run.cursor) return; // nothing written before the split plan exists
  await run.writer.flush();
  const { m, d } = run;
  m.at = { file: run.file, offset: run.offset, ...(run.hash ? { hash: run.hash.state() } : {}) };
  m.updatedAt = (d.now ?? Date.now)();
  await writeManifest(d.store, run.r.folder, m);
}

function progress(run: FileRun, text = `Downloading ${run.r.label}`): void {
  const loaded = run.before + run.offset;
  run.d.onProgress?.({
    fraction: run.total ? loaded / run.total : 0,
    loadedBytes: loaded,
    totalBytes: run.total,
    text,
  });
}

/** Gathers the GGUF header; once it is whole, plans the shards and writes what came so far. */
async function planFromHead(run: FileRun, chunk: Uint8Array): Promise<void> {
  const { f, m, d, r } = run;
  run.head.push(chunk);
  run.headBytes += chunk.length;
  const bytes = new Uint8Array(run.headBytes);
  let at = 0;
  for (const c of run.head) {
    bytes.set(c, at);
    at += c.length;
  }
  run.head = [bytes];
  try {
    const header = parseGgufHeader(bytes, f.size);
    const plan = planSplit(header, m.splitBytes ?? f.size);
    const base = (f.name.split('/').at(-1) ?? 'model').replace(/\.gguf$/i, '');
    m.shards = plan.shardSizes.map((size, i) => ({
      name: shardFileName(base, i, plan.shardSizes.length),
      size,
    }));
    await d.store.write(r.folder, HEAD, bytes.slice(0, header.dataOffset));
    run.layout = plan;
    run.cursor = new LayoutCursor(plan, 0);
    run.head = [];
    await run.writer.add(run.cursor.feed(bytes));
  } catch (e) {
    if (e instanceof GgufTruncatedError && run.headBytes < MAX_HEADER && run.headBytes < f.size) return;
    if (e instanceof GgufFormatError || e instanceof SplitError || e instanceof GgufTruncatedError) {
      await d.store.remove(r.folder).catch(() => undefined);
      throw new EngineError(
        'bad-response',
        `${run.label} is not a GGUF model Sleuth can load: ${e.message}.`,
        'Choose another file or model.',
      );
    }
    throw e;
  }
}

/** One request for the rest of the file, streamed into parts; throws when it ends early. */
async function streamRest(run: FileRun): Promise<void> {
  const { f, d } = run;
  if (!run.cursor) {
    // Before the split plan exists nothing is stored: start the file over.
    run.offset = 0;
    run.head = [];
    run.headBytes = 0;
    run.hash = f.sha256 ? new Sha256() : null;
  }
  const body = await openRange(run.url, run.offset, f.size, {
    fetch: d.fetch,
    signal: d.signal,
    label: run.label,
  });
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
    if (run.offset + chunk.length > f.size) chunk = chunk.subarray(0, f.size - run.offset);
    run.hash?.update(chunk);
    run.offset += chunk.length;
    if (run.cursor) await run.writer.add(run.cursor.feed(chunk));
    else await planFromHead(run, chunk);
    run.failures = 0;
    if (run.writer.buffered >= run.partBytes) await checkpoint(run);
    progress(run);
    if (run.offset >= f.size) {
      await body.reader.cancel().catch(() => undefined);
      break;
    }
  }
  if (run.offset < f.size) throw new TransientError('the connection closed early');
}

/** After a failed request: rethrows what cannot be retried, else checkpoints and waits out the backoff. */
async function afterFailure(run: FileRun, e: unknown): Promise<void> {
  const { d } = run;
  if (d.signal.aborted || isAbortError(e)) {
    await checkpoint(run).catch(() => undefined);
    throw e;
  }
  const transient = e instanceof TransientError || (e instanceof TypeError && !(e instanceof EngineError));
  if (!transient || ++run.failures > (d.retries ?? 5)) {
    await checkpoint(run).catch(() => undefined);
    if (!transient) throw e;
    throw new EngineError(
      'offline',
      `Downloading ${run.r.label} stopped at ${formatBytes(run.before + run.offset)} of ${formatBytes(run.total)}: ${(e as Error).message}.`,
      'It continues from there when you load the model again.',
    );
  }
  // Stored now, so a browser closed while waiting to retry resumes from exactly here.
  await checkpoint(run);
  await (d.sleep ?? defaultSleep)(Math.min(30_000, 500 * 2 ** (run.failures - 1)), d.signal);
}

async function verifyChecksum(run: FileRun): Promise<void> {
  const { f } = run;
  if (!run.hash || !f.sha256) return;
  progress(run, `Checking ${f.name}`);
  const digest = run.hash.digest();
  if (digest !== f.sha256) {
    await run.d.store.remove(run.r.folder).catch(() => undefined);
    throw new EngineError(
      'download-failed',
      `${run.label} does not match the hub's checksum (SHA-256 ${digest.slice(0, 12)}…, expected ${f.sha256.slice(0, 12)}…); the download was deleted.`,
      'Download it again; if it keeps failing, the mirror may serve a different file.',
    );
  }
}

export async function downloadFile(
  r: DownloadRequest,
  d: DownloadDeps,
  m: Manifest,
  file: number,
  total: number,
) {
  const run = await openFileRun(r, d, m, file, total);
  while (run.offset < run.f.size) {
    try {
      await streamRest(run);
    } catch (e) {
      await afterFailure(run, e);
    }
  }
  await checkpoint(run);
  await verifyChecksum(run);
}
