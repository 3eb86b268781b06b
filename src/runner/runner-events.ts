import type { AgentEvent } from '../agent/types';
import type { RunError } from '../errors/run-error';

/** What the views see of a run: the agent's own events, plus a failed save reported by the runner. */
export type SessionEvent =
  | AgentEvent
  | { type: 'error'; code: 'store'; message: string; fatal: boolean; error?: RunError };

/** What the runner tells the views as runs go: one run's events, or "the list of sessions changed". */
export type RunnerEvent =
  | { type: 'session'; sessionId: string; event: SessionEvent }
  | { type: 'sessions-changed' };
