import { IDBCursor, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTA_MESSAGE, type StepRecord, StoreError, toStoreError } from '../../../src/store';
import { freshStore, newSession } from './helpers';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

function step(seq: number): StepRecord {
  return { sessionId: 's1', seq, status: 'pending', startedAt: seq, raw: `raw ${seq}`, action: { seq } };
}

async function storeError(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

describe('storage error mapping', () => {
  it('turns every shape of quota failure into one plain message', () => {
    const shapes: unknown[] = [
      quota(),
      new DOMException('', 'NS_ERROR_DOM_QUOTA_REACHED'),
      Object.assign(new DOMException('Transaction aborted', 'AbortError'), { inner: quota() }),
      { name: 'AbortError', error: quota() },
      new Error('write failed', { cause: quota() }),
    ];
    for (const shape of shapes) {
      const error = toStoreError(shape);
      expect(error.code).toBe('quota');
      expect(error.message).toBe(QUOTA_MESSAGE);
      expect(error.cause).toBe(shape);
    }
  });

  it('keeps the original message for other failures', () => {
    const error = toStoreError(new DOMException('Version change blocked', 'VersionError'));
    expect(error.code).toBe('unknown');
    expect(error.message).toBe('Version change blocked');
    expect(toStoreError(new DOMException('Transaction aborted', 'AbortError')).code).toBe('unknown');
    const already = new StoreError('quota', QUOTA_MESSAGE);
    expect(toStoreError(already)).toBe(already);
  });

  it('does not loop on an error that wraps itself', () => {
    const looping: { name: string; message: string; cause?: unknown } = { name: 'Odd', message: 'odd' };
    looping.cause = looping;
    expect(toStoreError(looping)).toMatchObject({ code: 'unknown', message: 'odd' });
  });
});

describe('failed writes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports a quota failure on write and keeps everything saved earlier', async () => {
    const store = await freshStore();
    const session = await store.sessions.create(newSession({ id: 's1' }));
    await store.steps.put(step(0));

    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw quota();
    });
    const error = await storeError(store.steps.put(step(1)));
    expect(error.code).toBe('quota');
    expect(error.message).toBe(QUOTA_MESSAGE);

    expect(await store.steps.listForSession('s1')).toEqual([step(0)]);
    expect(await store.sessions.get('s1')).toEqual(session);
    // The store stays usable once space is freed.
    await store.steps.put(step(1));
    expect(await store.steps.lastSeq('s1')).toBe(1);
    store.close();
  });

  it('reports a quota abort at commit time (request says only AbortError) as quota', async () => {
    const store = await freshStore();
    await store.sessions.create(newSession({ id: 's1', question: 'before' }));
    const originalPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      const request = originalPut.apply(this, args);
      // How a browser fails a transaction that outgrows the quota: the transaction aborts with
      // error QuotaExceededError and its pending requests fail with a bare AbortError.
      (this.transaction as unknown as { _abort(name: string): void })._abort('QuotaExceededError');
      return request;
    });
    const error = await storeError(store.sessions.patch('s1', { question: 'after' }));
    expect(error.code).toBe('quota');
    expect((await store.sessions.get('s1'))?.question).toBe('before');
    store.close();
  });

  it('rolls back a multi-record delete that fails half-way', async () => {
    const store = await freshStore();
    await store.sessions.create(newSession({ id: 's1' }));
    for (const seq of [0, 1, 2]) await store.steps.put(step(seq));

    const originalDelete = IDBCursor.prototype.delete;
    let calls = 0;
    vi.spyOn(IDBCursor.prototype, 'delete').mockImplementation(function (this: IDBCursor) {
      calls += 1;
      if (calls === 2) throw new DOMException('Disk I/O failed', 'UnknownError');
      return originalDelete.apply(this);
    });
    const error = await storeError(store.sessions.delete('s1'));
    expect(error).toMatchObject({ code: 'unknown', message: 'Disk I/O failed' });

    vi.restoreAllMocks();
    expect(await store.sessions.get('s1')).toBeDefined();
    expect((await store.steps.listForSession('s1')).map((s) => s.seq)).toEqual([0, 1, 2]);
    store.close();
  });
});
