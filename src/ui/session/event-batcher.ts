import type { AgentEvent } from '../../agent/types';

export type Schedule = (flush: () => void) => () => void;

/** requestAnimationFrame where there is one (a hidden panel gets none, so fall back to a timer). */
const frameSchedule: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function' && !document.hidden) {
    const id = requestAnimationFrame(flush);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(flush, 100);
  return () => clearTimeout(id);
};

/**
 * Deltas arrive per token; rendering each would stall a long run. They are queued and handed over
 * at most once per frame. Any other event flushes the queue first, so order is kept.
 */
export function createEventBatcher(
  apply: (events: AgentEvent[]) => void,
  schedule: Schedule = frameSchedule,
) {
  let queue: AgentEvent[] = [];
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    apply(batch);
  };
  return {
    push(e: AgentEvent) {
      queue.push(e);
      if (e.type !== 'delta') {
        cancel?.();
        flush();
      } else if (!cancel) {
        cancel = schedule(flush);
      }
    },
    dispose() {
      cancel?.();
      cancel = null;
      queue = [];
    },
  };
}
