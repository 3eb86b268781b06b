import { IDBDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepRecord, Store } from '../../../src/store';
import { freshStore, type TestClock, testClock } from './helpers';

function pending(seq: number, sessionId = 's1'): StepRecord {
  return {
    sessionId,
    seq,
    status: 'pending',
    startedAt: 1_000 + seq,
    raw: `<think>step ${seq}</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["q${seq}"]}}\n</tool_call>`,
    think: `step ${seq}`,
    action: { name: 'search', arguments: { query: [`q${seq}`] } },
  };
}

describe('steps repository', () => {
  let store: Store;
  let clock: TestClock;

  afterEach(() => {
    vi.restoreAllMocks();
    store.close();
  });

  async function setup(): Promise<void> {
    clock = testClock();
    store = await freshStore({ now: clock.now });
  }

  it('writes a step ahead of its effect, then marks it done with what the effect produced', async () => {
    await setup();
    await store.steps.put(pending(0));
    const [written] = await store.steps.listForSession('s1');
    expect(written).toEqual(pending(0));

    clock.advance(2_500);
    const done = await store.steps.markDone('s1', 0, {
      observation: '[{"query": "q0", "web_page_info_list": []}]',
      tokens: { prompt: 900, completion: 120 },
      timings: { modelMs: 2_000, toolMs: 400 },
    });
    expect(done).toMatchObject({
      status: 'done',
      finishedAt: clock.now(),
      raw: pending(0).raw,
      action: pending(0).action,
      tokens: { prompt: 900, completion: 120 },
    });
    expect(await store.steps.listForSession('s1')).toEqual([done]);
  });

  it('commits step writes with strict durability so they survive a crash', async () => {
    await setup();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await store.steps.put(pending(0));
    await store.steps.markDone('s1', 0);
    const durabilities = spy.mock.calls.map(
      (call) => (call[2] as IDBTransactionOptions | undefined)?.durability,
    );
    expect(durabilities).toEqual(['strict', 'strict']);
  });

  it('returns undefined when marking a step that was never written', async () => {
    await setup();
    expect(await store.steps.markDone('s1', 7, { observation: 'x' })).toBeUndefined();
    expect(await store.steps.listForSession('s1')).toEqual([]);
  });

  it('lists a session’s steps in seq order, whatever the write order, and only that session’s', async () => {
    await setup();
    for (const seq of [2, 10, 0, 1]) await store.steps.put(pending(seq));
    await store.steps.put(pending(5, 's2'));
    const seqs = (await store.steps.listForSession('s1')).map((s) => s.seq);
    expect(seqs).toEqual([0, 1, 2, 10]);
  });

  it('reports the last seq per session', async () => {
    await setup();
    expect(await store.steps.lastSeq('s1')).toBeUndefined();
    for (const seq of [0, 3, 1]) await store.steps.put(pending(seq));
    await store.steps.put(pending(42, 's2'));
    expect(await store.steps.lastSeq('s1')).toBe(3);
    expect(await store.steps.lastSeq('s2')).toBe(42);
  });

  it('overwrites a pending step that is re-sampled under the same seq', async () => {
    await setup();
    await store.steps.put(pending(0));
    await store.steps.put({ ...pending(0), raw: 'second sample' });
    const steps = await store.steps.listForSession('s1');
    expect(steps.map((s) => s.raw)).toEqual(['second sample']);
  });
});

describe('retry from a step', () => {
  it('deletes that step and the later ones of the same session only', async () => {
    const store = await freshStore();
    for (const sessionId of ['a', 'b']) {
      for (let seq = 0; seq < 4; seq++) {
        await store.steps.put({ sessionId, seq, status: 'done', startedAt: 0, raw: `r${seq}`, action: null });
      }
    }
    expect(await store.steps.deleteFrom('a', 2)).toBe(2);
    expect((await store.steps.listForSession('a')).map((s) => s.seq)).toEqual([0, 1]);
    expect((await store.steps.listForSession('b')).map((s) => s.seq)).toEqual([0, 1, 2, 3]);
  });
});
