import type { SendAnswer, SendRequest } from '../security/send-gate';
import { type JsonValue, toJson } from '../store/json';
import type { Store } from '../store/open-store';
import type { RunnerEvent } from './runner-events';

/** What a private run waits for the user to approve, saved on its session so a reopened panel shows it. */
export interface PendingApproval {
  id: string;
  kind: SendRequest['kind'];
  items: string[];
  at: number;
}

export interface ApprovalDeps {
  store: Pick<Store, 'sessions'>;
  broadcast(e: RunnerEvent): void;
  newId(): string;
  clock(): number;
}

const aborted = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The run was stopped.', 'AbortError');

/**
 * The runner's side of "may this leave?": a request waits, saved on the session, until the panel
 * answers it or the run stops (Stop ends the wait at once). Requests of one session (several attempts
 * share the one the panel shows) are shown one after another.
 */
export function createApprovals(deps: ApprovalDeps) {
  const waiting = new Map<string, { sessionId: string; resolve(answer: SendAnswer): void }>();
  const queues = new Map<string, Promise<unknown>>();
  const allowedRest = new Set<string>();

  const save = async (sessionId: string, pending: JsonValue | undefined) => {
    await deps.store.sessions.patch(sessionId, { pendingApproval: pending }).catch(() => undefined);
    deps.broadcast({ type: 'sessions-changed' });
  };

  const wait = async (sessionId: string, request: SendRequest, signal: AbortSignal): Promise<SendAnswer> => {
    if (allowedRest.has(sessionId)) return 'allow-rest';
    if (signal.aborted) throw aborted(signal);
    const pending: PendingApproval = { id: deps.newId(), ...request, at: deps.clock() };
    let onAbort = () => {};
    const answered = new Promise<SendAnswer>((resolve, reject) => {
      waiting.set(pending.id, { sessionId, resolve });
      onAbort = () => reject(aborted(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await save(sessionId, toJson(pending));
      return await answered;
    } finally {
      signal.removeEventListener('abort', onAbort);
      waiting.delete(pending.id);
      await save(sessionId, undefined);
    }
  };

  return {
    ask(sessionId: string, request: SendRequest, signal: AbortSignal): Promise<SendAnswer> {
      const before = queues.get(sessionId) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(() => wait(sessionId, request, signal));
      queues.set(sessionId, mine);
      return mine;
    },
    /** The user's answer from the panel; false when that request is no longer waiting. */
    answer(sessionId: string, requestId: string, answer: SendAnswer): boolean {
      const w = waiting.get(requestId);
      if (!w || w.sessionId !== sessionId) return false;
      if (answer === 'allow-rest') {
        allowedRest.add(sessionId);
        void deps.store.sessions.patch(sessionId, { allowRest: true }).catch(() => undefined);
      }
      w.resolve(answer);
      return true;
    },
    /** A run that starts again keeps the user's "allow the rest". */
    restore(sessionId: string, allowRest: boolean | undefined): void {
      if (allowRest) allowedRest.add(sessionId);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
