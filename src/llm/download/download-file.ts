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

export async function downloadFile(
  r: DownloadRequest,
  d: DownloadDeps,
  m: Manifest,
  file: number,
  total: number,
) {
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
