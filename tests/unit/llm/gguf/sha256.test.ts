import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256 } from '../../../../src/llm/gguf/sha256';

const reference = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('resumable SHA-256', () => {
  it('matches node:crypto at block-size edges', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000]) {
      const data = new Uint8Array(randomBytes(n));
      expect(new Sha256().update(data).digest(), `length ${n}`).toBe(reference(data));
    }
  });

  it('gives the same digest fed in odd chunks and resumed from saved JSON state', () => {
    const data = new Uint8Array(randomBytes(300_001));
    let h = new Sha256();
    let at = 0;
    let step = 1;
    while (at < data.length) {
      const next = Math.min(data.length, at + step);
      h.update(data.subarray(at, next));
      at = next;
      step = (step * 7 + 3) % 9973;
      // Save and restore through JSON now and then, as a download checkpoint does.
      if (step % 5 === 0) h = Sha256.resume(JSON.parse(JSON.stringify(h.state())));
    }
    expect(h.digest()).toBe(reference(data));
  });
});
