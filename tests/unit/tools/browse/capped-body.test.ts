import { describe, expect, it } from 'vitest';
import {
  readBodyPrefix,
  readCappedBody,
  TooLargeError,
} from '../../../../src/tools/browse/fetch/capped-body';

/** A streamed body of `count` chunks of `size` bytes (chunk i filled with i), counting what was pulled. */
function streamed(count: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (seen.pulled === count) return c.close();
      c.enqueue(new Uint8Array(size).fill(seen.pulled));
      seen.pulled++;
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { res: new Response(body), seen };
}

describe('the one capped body reader', () => {
  it('hands back one byte past the cap of a long body and stops reading it', async () => {
    const { res, seen } = streamed(1000, 100);
    const { bytes, over } = await readBodyPrefix(res, 250);
    expect(over).toBe(true);
    expect(bytes.byteLength).toBe(251);
    expect([bytes[0], bytes[100], bytes[200], bytes[250]]).toEqual([0, 1, 2, 2]);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(10);
  });

  it('hands back a body within the cap whole', async () => {
    const { res } = streamed(3, 100);
    const { bytes, over } = await readBodyPrefix(res, 300);
    expect(over).toBe(false);
    expect(bytes.byteLength).toBe(300);
  });

  it('refuses a body past the cap, streamed or declared', async () => {
    await expect(readCappedBody(streamed(1000, 100).res, 250, () => 'too big')).rejects.toBeInstanceOf(
      TooLargeError,
    );
    const declared = new Response('x', { headers: { 'content-length': '999' } });
    await expect(readCappedBody(declared, 250, () => 'too big')).rejects.toThrow('too big');
    const small = await readCappedBody(streamed(2, 100).res, 250, () => 'too big');
    expect(small.byteLength).toBe(200);
  });
});
