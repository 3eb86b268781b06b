import { describe, expect, it } from 'vitest';
import { progressStats } from '../../../src/llm/progress-stats';
import { parseWebLlmProgress } from '../../../src/llm/webllm/progress';

describe('progress', () => {
  it('computes speed over recent samples and the time left', () => {
    const s = progressStats(
      [
        { at: 0, loadedBytes: 0 },
        { at: 1000, loadedBytes: 10e6 },
        { at: 2000, loadedBytes: 20e6 },
      ],
      100e6,
    );
    expect(s.bytesPerSecond).toBeCloseTo(10e6);
    expect(s.secondsLeft).toBeCloseTo(8);
    expect(progressStats([{ at: 0, loadedBytes: 5 }], 10).secondsLeft).toBeNull();
  });

  it('reads bytes from web-llm progress text', () => {
    const p = parseWebLlmProgress({
      progress: 0.5,
      timeElapsed: 3,
      text: 'Fetching param cache[3/40]: 100MB fetched. 50% completed',
    });
    expect(p.loadedBytes).toBe(100 * 1024 * 1024);
    expect(p.totalBytes).toBe(200 * 1024 * 1024);
    expect(p.fraction).toBe(0.5);
  });
});
