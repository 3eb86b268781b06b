import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../../../scripts/tiny-gguf/tiny-model';
import { type DownloadRequest, downloadModel } from '../../../../src/llm/download/download-job';
import { createModelLibrary } from '../../../../src/llm/download/model-library';
import { LayoutCursor } from '../../../../src/llm/gguf/byte-layout';
import { parseGgufHeader } from '../../../../src/llm/gguf/gguf-reader';
import { planSplit } from '../../../../src/llm/gguf/split-plan';
import { fakeFetch, memoryStore } from './fakes';

const model = buildTinyModel({ layers: 6, embedding: 96, feedForward: 256 });
const sha = createHash('sha256').update(model).digest('hex');
const URL_A = 'https://hub.test/org/m/resolve/abc/m-Q8_0.gguf';
const LIMIT = 160_000;

/** What the splitter makes from the whole file at once: the truth to compare downloads with. */
function expectedShards(): Buffer[] {
  const plan = planSplit(parseGgufHeader(model), LIMIT);
  const parts: Uint8Array[][] = plan.shardSizes.map(() => []);
  for (const p of new LayoutCursor(plan).feed(model)) parts[p.shard]?.push(p.bytes);
  return parts.map((ps) => Buffer.concat(ps));
}

const request = (over: Partial<DownloadRequest> = {}): DownloadRequest => ({
  folder: 'org--m--Q8_0',
  label: 'org/m Q8_0',
  source: { kind: 'hub', repo: 'org/m', revision: 'abc', quant: 'Q8_0' },
  files: [{ name: 'm-Q8_0.gguf', size: model.length, sha256: sha }],
  urls: [URL_A],
  splitBytes: LIMIT,
  ...over,
});

const noSleep = async () => undefined;

function expectSameShards(got: Buffer[], want: Buffer[]) {
  expect(got.map((b) => b.length)).toEqual(want.map((b) => b.length));
  for (const [i, b] of got.entries()) expect(b.equals(want[i] ?? Buffer.alloc(0)), `shard ${i}`).toBe(true);
}

async function shardsOf(store: ReturnType<typeof memoryStore>, folder: string) {
  const lib = createModelLibrary({ store, fetch: async () => new Response(null, { status: 500 }) });
  return Promise.all((await lib.open(folder)).map(async (b) => Buffer.from(await b.arrayBuffer())));
}

describe('model download', () => {
  it('splits a large file into llama.cpp shards while it streams, with progress', async () => {
    const store = memoryStore();
    const { fetch } = fakeFetch({ [URL_A]: { bytes: model } }, 7000);
    const seen: number[] = [];
    const m = await downloadModel(request(), {
      store,
      fetch,
      signal: new AbortController().signal,
      partBytes: 50_000,
      onProgress: (p) => seen.push(p.loadedBytes ?? 0),
    });
    expect(m.complete).toBe(true);
    expect(m.shards.map((s) => s.name)).toEqual(
      expectedShards().map(
        (_, i, all) =>
          `m-Q8_0-${String(i + 1).padStart(5, '0')}-of-${String(all.length).padStart(5, '0')}.gguf`,
      ),
    );
    const got = await shardsOf(store, 'org--m--Q8_0');
    expect(got.length).toBeGreaterThan(3);
    expectSameShards(got, expectedShards());
    // Progress only grows and ends at the file size.
    expect(seen.every((n, i) => i === 0 || n >= (seen[i - 1] ?? 0))).toBe(true);
    expect(seen.at(-1)).toBe(model.length);
  });

  it('resumes an interrupted download from its checkpoint and assembles the same bytes', async () => {
    const store = memoryStore();
    const half = Math.floor(model.length / 2);
    const dropping = fakeFetch({ [URL_A]: { bytes: model, stopAfter: half } }, 5000);
    let failure: Error | null = null;
    await downloadModel(request(), {
      store,
      fetch: dropping.fetch,
      signal: new AbortController().signal,
      partBytes: 40_000,
      retries: 1,
      sleep: noSleep,
    }).catch((e: Error) => {
      failure = e;
    });
    expect(String(failure)).toMatch(/stopped at 1\.\d MB of 2\.\d MB: the connection .* failed/);
    // A restart: a new run over the same store asks only for the rest.
    const server = fakeFetch({ [URL_A]: { bytes: model } }, 9000);
    await downloadModel(request(), {
      store,
      fetch: server.fetch,
      signal: new AbortController().signal,
      partBytes: 40_000,
    });
    const first = server.ranges[0]?.range ?? '';
    const from = Number(/bytes=(\d+)-/.exec(first)?.[1]);
    // The failed run checkpointed exactly where the server stopped.
    expect(from).toBe(half);
    const got = await shardsOf(store, 'org--m--Q8_0');
    expectSameShards(got, expectedShards());
  });

  it('resumes after a cancel, and after a crash that lost parts written past the last checkpoint', async () => {
    const store = memoryStore();
    const abort = new AbortController();
    const { fetch } = fakeFetch({ [URL_A]: { bytes: model } }, 3000);
    let n = 0;
    await downloadModel(request(), {
      store,
      fetch,
      signal: abort.signal,
      partBytes: 30_000,
      onProgress: () => {
        if (++n === 60) abort.abort(new DOMException('cancelled', 'AbortError'));
      },
    }).catch(() => undefined);
    // Simulate a crash: an extra part file that no manifest mentions.
    await store.write('org--m--Q8_0', 'part-999999.bin', new Uint8Array(10));
    const server = fakeFetch({ [URL_A]: { bytes: model } }, 9000);
    await downloadModel(request(), {
      store,
      fetch: server.fetch,
      signal: new AbortController().signal,
      partBytes: 30_000,
    });
    expect(Number(/bytes=(\d+)-/.exec(server.ranges[0]?.range ?? '')?.[1])).toBeGreaterThan(0);
    expect((await store.list('org--m--Q8_0')).some((f) => f.name === 'part-999999.bin')).toBe(false);
    const got = await shardsOf(store, 'org--m--Q8_0');
    expectSameShards(got, expectedShards());
  });

  it('deletes a download whose checksum does not match, and says so', async () => {
    const store = memoryStore();
    const { fetch } = fakeFetch({ [URL_A]: { bytes: model } });
    const bad = request({ files: [{ name: 'm-Q8_0.gguf', size: model.length, sha256: 'a'.repeat(64) }] });
    await expect(downloadModel(bad, { store, fetch, signal: new AbortController().signal })).rejects.toThrow(
      /does not match the hub's checksum/,
    );
    expect(await store.folders()).toEqual([]);
  });

  it('checks the storage quota before downloading anything', async () => {
    const store = memoryStore({ quota: 200_000, usage: 150_000 });
    const { fetch, ranges } = fakeFetch({ [URL_A]: { bytes: model } });
    await expect(
      downloadModel(request(), { store, fetch, signal: new AbortController().signal }),
    ).rejects.toThrow(
      /Not enough storage for org\/m Q8_0: it needs 2\.\d MB more, .* about 49 KB more \(quota 195 KB, 146 KB in use\)/,
    );
    expect(ranges).toEqual([]);
  });

  it('stores published shards as they are, each checked against its own checksum', async () => {
    const shards = expectedShards();
    const files = shards.map((b, i) => ({
      name: `m-Q8_0-0000${i + 1}-of-0000${shards.length}.gguf`,
      size: b.length,
      sha256: createHash('sha256').update(b).digest('hex'),
    }));
    const urls = files.map((f) => `https://hub.test/org/m/resolve/abc/${f.name}`);
    const served = Object.fromEntries(urls.map((u, i) => [u, { bytes: new Uint8Array(shards[i] ?? []) }]));
    const store = memoryStore();
    const { fetch } = fakeFetch(served);
    const m = await downloadModel(request({ files, urls, splitBytes: null }), {
      store,
      fetch,
      signal: new AbortController().signal,
    });
    expect(m.shards.map((s) => s.name)).toEqual(files.map((f) => f.name));
    const got = await shardsOf(store, 'org--m--Q8_0');
    expectSameShards(got, shards);
  });

  it('copes with a server that ignores Range when resuming', async () => {
    const store = memoryStore();
    const half = Math.floor(model.length / 2);
    const dropping = fakeFetch({ [URL_A]: { bytes: model, dropAfter: half } });
    await downloadModel(request(), {
      store,
      fetch: dropping.fetch,
      signal: new AbortController().signal,
      retries: 0,
    }).catch(() => undefined);
    const ignoring = fakeFetch({ [URL_A]: { bytes: model, ignoreRange: true } });
    await downloadModel(request(), { store, fetch: ignoring.fetch, signal: new AbortController().signal });
    const got = await shardsOf(store, 'org--m--Q8_0');
    expectSameShards(got, expectedShards());
  });

  it('refuses a file that is not a GGUF model, keeping nothing', async () => {
    const html = new TextEncoder().encode(`<!doctype html><title>Sign in</title>${'x'.repeat(200_000)}`);
    const store = memoryStore();
    const { fetch } = fakeFetch({ [URL_A]: { bytes: html } });
    await expect(
      downloadModel(request({ files: [{ name: 'm-Q8_0.gguf', size: html.length }] }), {
        store,
        fetch,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(/not a GGUF model Sleuth can load/);
    expect(await store.folders()).toEqual([]);
  });

  it('runs one download at a time', async () => {
    const store = memoryStore();
    const { fetch } = fakeFetch({ [URL_A]: { bytes: model } }, 100);
    const lib = createModelLibrary({ store, fetch });
    const first = lib.download(request());
    await expect(lib.download(request({ folder: 'other' }))).rejects.toThrow(/one model downloads at a time/);
    expect(lib.cancel()).toBe(true);
    await expect(first).rejects.toThrow(/cancelled/);
    const listed = await lib.list();
    expect(listed[0]).toMatchObject({ folder: 'org--m--Q8_0', complete: false });
    expect(listed[0]?.doneBytes).toBeGreaterThanOrEqual(0);
    await lib.remove('org--m--Q8_0');
    expect(await lib.list()).toEqual([]);
  });

  it('deleting a model while it downloads leaves nothing behind', async () => {
    const store = memoryStore();
    const { fetch } = fakeFetch({ [URL_A]: { bytes: model } }, 1000);
    const lib = createModelLibrary({ store, fetch, partBytes: 20_000 });
    let removing: Promise<void> | null = null;
    const running = lib
      .download(request(), {
        onProgress: (p) => {
          if (!removing && (p.loadedBytes ?? 0) > 100_000) {
            expect(lib.downloading()).toBe('org--m--Q8_0');
            removing = lib.remove('org--m--Q8_0');
          }
        },
      })
      .catch((e: Error) => e);
    expect(String(await running)).toMatch(/deleted/);
    await removing;
    expect(await store.folders()).toEqual([]);
    expect(lib.downloading()).toBeNull();
  });
});
