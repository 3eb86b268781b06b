import { NO_FOLD } from './conversation';
import { forcedOnResume } from './stop-rule';
import type { AgentStep, FoldPoint } from './types';

export interface RestoredState {
  steps: AgentStep[];
  fold: FoldPoint;
  /** The stored run already asked for its final answer. */
  forceNext: boolean;
  /** The last step's tool had not finished: run it before asking the model again. */
  pending: AgentStep | null;
  /** The run already ended (answer given, or the forced turn produced none). */
  finished: boolean;
}

/**
 * Checks stored steps and derives the loop state from them. The conversation itself is rebuilt by
 * `renderConversation` with the last recorded fold, byte-for-byte what was sent before.
 */
export function restoreSteps(stored: readonly AgentStep[]): RestoredState | string {
  const steps = stored.map((s) => structuredClone(s)).sort((a, b) => a.seq - b.seq);
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if (!s || s.seq !== i) return `step ${i} is missing`;
    const last = i === steps.length - 1;
    if (!last && s.status !== 'done') return `step ${i} is pending but later steps exist`;
    if (!last && s.observation === null) return `step ${i} has no observation but later steps exist`;
  }
  const last = steps[steps.length - 1];
  if (!last) return { steps, fold: NO_FOLD, forceNext: false, pending: null, finished: false };
  const forceNext = forcedOnResume(last);
  const pending = last.status === 'pending' && last.action.kind !== 'answer' ? last : null;
  const finished = last.action.kind === 'answer' || (last.status === 'done' && last.observation === null);
  return { steps, fold: last.fold, forceNext, pending, finished };
}
