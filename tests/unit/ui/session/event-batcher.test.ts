import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/agent/types';
import { createEventBatcher } from '../../../../src/ui/session/event-batcher';

const delta = (text: string): AgentEvent => ({ type: 'delta', seq: 0, attempt: 1, text, phase: 'think' });

function manualFrames() {
  const pending: Array<() => void> = [];
  return {
    schedule: (fn: () => void) => {
      pending.push(fn);
      return () => pending.splice(pending.indexOf(fn), 1);
    },
    frame: () => {
      for (const fn of pending.splice(0)) fn();
    },
    get scheduled() {
      return pending.length;
    },
  };
}

describe('createEventBatcher', () => {
  it('applies a burst of deltas once per frame', () => {
    const frames = manualFrames();
    const batches: AgentEvent[][] = [];
    const b = createEventBatcher((e) => batches.push(e), frames.schedule);
    for (let i = 0; i < 500; i++) b.push(delta(String(i)));
    expect(batches).toHaveLength(0);
    expect(frames.scheduled).toBe(1);
    frames.frame();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(500);
  });

  it('flushes queued deltas before any other event, keeping order', () => {
    const frames = manualFrames();
    const seen: string[] = [];
    const b = createEventBatcher(
      (e) => seen.push(...e.map((x) => (x.type === 'delta' ? x.text : x.type))),
      frames.schedule,
    );
    b.push(delta('a'));
    b.push(delta('b'));
    b.push({ type: 'error', code: 'tool-failed', message: 'x', fatal: false });
    expect(seen).toEqual(['a', 'b', 'error']);
    frames.frame();
    expect(seen).toEqual(['a', 'b', 'error']);
  });

  it('drops what is queued once disposed', () => {
    const frames = manualFrames();
    const batches: AgentEvent[][] = [];
    const b = createEventBatcher((e) => batches.push(e), frames.schedule);
    b.push(delta('a'));
    b.dispose();
    frames.frame();
    expect(batches).toHaveLength(0);
  });
});
