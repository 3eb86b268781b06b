import type { FileStore } from '../../../../src/llm/download/file-store';

/** FileStore in memory, with an optional quota. */
export function memoryStore(quota?: { quota: number; usage: number }) {
  const folders = new Map<string, Map<string, Uint8Array<ArrayBuffer>>>();
  const store: FileStore & { folders_: typeof folders } = {
    folders_: folders,
    async folders() {
      return [...folders.keys()];
    },
    async list(folder) {
      return [...(folders.get(folder) ?? new Map()).entries()].map(([name, b]) => ({ name, size: b.length }));
    },
    async write(folder, name, data) {
      const f = folders.get(folder) ?? new Map<string, Uint8Array<ArrayBuffer>>();
      folders.set(folder, f);
      f.set(name, data.slice());
    },
    async read(folder, name) {
      const b = folders.get(folder)?.get(name);
      return b ? new Blob([b]) : null;
    },
    async remove(folder, name) {
      if (name === undefined) folders.delete(folder);
      else folders.get(folder)?.delete(name);
    },
    async estimate() {
      return quota ?? null;
    },
  };
  return store;
}

export interface ServedFile {
  bytes: Uint8Array;
  /** Close the connection after this many body bytes of each response (a network drop). */
  dropAfter?: number;
  /** Answer 200 with the whole file, ignoring Range. */
  ignoreRange?: boolean;
  /** The server stops for good once it has sent this many bytes in all: later requests fail. */
  stopAfter?: number;
}

/** A fetch that serves files by URL with Range support, recording the ranges asked for. */
export function fakeFetch(files: Record<string, ServedFile>, chunk = 4096) {
  const ranges: { url: string; range: string | null }[] = [];
  let served = 0;
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const range = headers.get('range');
    ranges.push({ url, range });
    const f = files[url];
    if (!f) return new Response('not found', { status: 404 });
    if (f.stopAfter !== undefined && served >= f.stopAfter) throw new TypeError('Failed to fetch');
    const m = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
    const start = m && !f.ignoreRange ? Number(m[1]) : 0;
    const end = m?.[2] && !f.ignoreRange ? Number(m[2]) + 1 : f.bytes.length;
    const body = f.bytes.subarray(start, end);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (init?.signal?.aborted) return controller.error(init.signal.reason);
        const limit = Math.min(
          f.dropAfter ?? Infinity,
          f.stopAfter === undefined ? Infinity : f.stopAfter - served + sent,
        );
        if (sent >= limit) return controller.error(new TypeError('network error'));
        if (sent >= body.length) return controller.close();
        const n = Math.min(chunk, body.length - sent, limit - sent);
        controller.enqueue(body.slice(sent, sent + n));
        sent += n;
        served += n;
      },
    });
    const status = m && !f.ignoreRange ? 206 : 200;
    return new Response(stream, {
      status,
      headers: {
        'content-length': String(body.length),
        ...(status === 206 ? { 'content-range': `bytes ${start}-${end - 1}/${f.bytes.length}` } : {}),
      },
    });
  };
  return { fetch, ranges };
}
