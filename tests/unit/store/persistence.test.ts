import { describe, expect, it, vi } from 'vitest';
import { estimateUsage, requestPersistence } from '../../../src/store';

describe('requestPersistence', () => {
  it('does not ask again when storage is already persisted', async () => {
    const persist = vi.fn(async () => false);
    expect(await requestPersistence({ persisted: async () => true, persist })).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('returns what the browser grants', async () => {
    expect(await requestPersistence({ persisted: async () => false, persist: async () => true })).toBe(true);
    expect(await requestPersistence({ persisted: async () => false, persist: async () => false })).toBe(
      false,
    );
  });

  it('returns false instead of throwing when the API is missing or fails', async () => {
    expect(await requestPersistence(undefined)).toBe(false);
    expect(await requestPersistence({})).toBe(false);
    const failing = async (): Promise<boolean> => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(await requestPersistence({ persisted: failing, persist: failing })).toBe(false);
  });
});

describe('estimateUsage', () => {
  it('reports usage and quota, or null when unknown', async () => {
    expect(await estimateUsage({ estimate: async () => ({ usage: 1024, quota: 2048 }) })).toEqual({
      usage: 1024,
      quota: 2048,
    });
    expect(await estimateUsage({ estimate: async () => ({}) })).toBeNull();
    expect(await estimateUsage({})).toBeNull();
    expect(await estimateUsage(undefined)).toBeNull();
    expect(
      await estimateUsage({
        estimate: async () => {
          throw new Error('nope');
        },
      }),
    ).toBeNull();
  });
});
