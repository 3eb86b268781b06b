import type { AgentEvent } from '../../agent/types';

const KNOWN = new Set([
  'start',
  'request',
  'delta',
  'retry',
  'fold',
  'step-started',
  'step-done',
  'answer',
  'error',
  'stats',
]);

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * Live events come from our own offscreen document, so a shallow shape check is enough to keep a
 * version mismatch from crashing the view.
 */
export function asAgentEvent(x: unknown): AgentEvent | null {
  if (!isObj(x) || typeof x.type !== 'string' || !KNOWN.has(x.type)) return null;
  switch (x.type) {
    case 'delta':
      return typeof x.seq === 'number' && typeof x.text === 'string' ? (x as unknown as AgentEvent) : null;
    case 'request':
    case 'retry':
      return typeof x.seq === 'number' ? (x as unknown as AgentEvent) : null;
    case 'step-started':
    case 'step-done':
      return isObj(x.step) && typeof x.step.seq === 'number' && isObj(x.step.action)
        ? (x as unknown as AgentEvent)
        : null;
    case 'answer':
      return typeof x.text === 'string' ? (x as unknown as AgentEvent) : null;
    case 'error':
      return typeof x.message === 'string' ? (x as unknown as AgentEvent) : null;
    case 'stats':
      return isObj(x.stats) ? (x as unknown as AgentEvent) : null;
    default:
      return x as unknown as AgentEvent;
  }
}
