import type { AgentEvent } from '../agent/types';
import { toJson } from '../store/json';
import type { Store } from '../store/open-store';
import { stepToRecord } from '../store/step-codec';
import type { RunnerEvent } from './runner-events';

/**
 * Turns a run's events into store writes, in order, and shows each event only after what it
 * depends on is saved: a step appears in the panel once it is in IndexedDB (write-ahead).
 * Deltas are not stored (the finished step holds the whole text) and go straight to the views.
 */
export function createSessionWriter(
  store: Pick<Store, 'sessions' | 'steps'>,
  sessionId: string,
  broadcast: (e: RunnerEvent) => void,
  onWriteError: (err: unknown) => void,
) {
  let chain: Promise<void> = Promise.resolve();
  const show = (event: AgentEvent) => broadcast({ type: 'session', sessionId, event });
  const write = (fn: () => Promise<unknown>, event: AgentEvent) => {
    chain = chain.then(fn).then(
      () => show(event),
      (err: unknown) => {
        onWriteError(err);
        show(event);
      },
    );
    return chain;
  };

  return {
    onEvent(event: AgentEvent): void {
      switch (event.type) {
        case 'start':
        case 'delta':
        case 'request':
        case 'retry':
        case 'fold':
          // Nothing to persist; keep their order relative to the writes around them.
          chain = chain.then(() => show(event));
          return;
        case 'step-started':
          void write(() => store.steps.put(stepToRecord(sessionId, event.step)), event);
          return;
        case 'step-done':
          void write(() => store.steps.put(stepToRecord(sessionId, event.step)), event);
          return;
        case 'answer':
          void write(
            () => store.sessions.patch(sessionId, { answer: event.text, citations: toJson(event.citations) }),
            event,
          );
          return;
        case 'stats':
          void write(() => store.sessions.patch(sessionId, { stats: toJson(event.stats) }), event);
          return;
        case 'error':
          void write(() => Promise.resolve(), event);
          return;
      }
    },
    /** Resolves when everything written so far is saved. */
    flush: () => chain,
  };
}
