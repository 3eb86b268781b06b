import { DEFAULT_TEXTS, fillText } from '../profiles/prompt-texts';
import type { AgentStep, ToolCall } from './types';

/** Identity of a call: tool plus arguments after parsing, whitespace-trimmed. */
export function callKey(call: ToolCall): string {
  if (call.name === 'search')
    return `search\u0000${call.arguments.query.map((q) => q.trim()).join('\u0001')}`;
  return `visit\u0000${call.arguments.url.map((u) => u.trim()).join('\u0001')}\u0000${call.arguments.goal.trim()}`;
}

/** The earliest executed step with the same call, whose observation can be returned again. */
export function findDuplicate(steps: readonly AgentStep[], call: ToolCall): AgentStep | null {
  const key = callKey(call);
  for (const step of steps) {
    if (step.status !== 'done' || !step.call || step.observation === null || step.duplicateOf !== null)
      continue;
    if (callKey(step.call) === key) return step;
  }
  return null;
}

export function duplicateNote(original: AgentStep, text: string = DEFAULT_TEXTS.duplicate): string {
  return fillText(text, { step: original.seq + 1 });
}
