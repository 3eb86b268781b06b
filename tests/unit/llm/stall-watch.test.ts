import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stallError, watchForStall } from '../../../src/llm/stall-watch';

describe('the stall watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires when the first token takes longer than its own limit', () => {
    const fired = vi.fn();
    const w = watchForStall({ firstTokenMs: 5000, idleMs: 1000 }, fired);
    vi.advanceTimersByTime(4999);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledOnce();
    expect(w.stalled).toBe(true);
  });

  it('is reset by every token and fires after an idle gap', () => {
    const fired = vi.fn();
    const w = watchForStall({ firstTokenMs: 5000, idleMs: 1000 }, fired);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(900);
      w.touch();
    }
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledOnce();
  });

  it('never fires once stopped', () => {
    const fired = vi.fn();
    const w = watchForStall({ firstTokenMs: 100, idleMs: 100 }, fired);
    w.stop();
    vi.advanceTimersByTime(10_000);
    expect(fired).not.toHaveBeenCalled();
    expect(w.stalled).toBe(false);
  });

  it('says what happened and what to do', () => {
    const e = stallError(20, false);
    expect(e.code).toBe('timeout');
    expect(e.message).toContain('20 s');
    expect(e.hint).toMatch(/paused/);
  });
});
