import type { AgentEvent } from '../agent/types';
import { isQuotaError } from '../store/errors';
import { toJson } from '../store/json';
import type { Store } from '../store/open-store';
import { stepToRecord } from '../store/step-codec';
import type { RunnerEvent } from './runner-events';

/** A model turn cut off before it became a step. */
export interface PartialTurn {
  seq: number;
  think: string;
  action: string;
}

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
  // The turn being streamed; a stop that cuts it off saves it (see `partial`).
  let live: PartialTurn | null = null;
  const track = (event: AgentEvent) => {
    if (event.type === 'request') live = { seq: event.seq, think: '', action: '' };
    else if (event.type === 'retry') live = { seq: event.seq, think: '', action: '' };
    else if (event.type === 'delta') {
      if (live?.seq !== event.seq) live = { seq: event.seq, think: '', action: '' };
      if (event.phase === 'think') live.think += event.text;
      else live.action += event.text;
    } else if (event.type === 'step-started' || event.type === 'step-done') live = null;
  };
  const show = (event: AgentEvent) => broadcast({ type: 'session', sessionId, event });
  const write = (fn: () => Promise<unknown>, event: AgentEvent) => {
    chain = chain.then(fn).then(
      () => show(event),
      (err: unknown) => {
        onWriteError(err);
        // A full disk stops the run: a step that could not be saved is not shown (write-ahead).
        if (!isQuotaError(err)) show(event);
      },
    );
    return chain;
  };

  return {
    onEvent(event: AgentEvent): void {
      track(event);
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
    /** The turn the model was writing when the run ended, if it had written anything. */
    partial: (): PartialTurn | null =>
      live && (live.think.trim() || live.action.trim()) ? { ...live } : null,
  };
}
