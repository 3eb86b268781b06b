import { duplicateNote, findDuplicate } from './dedup';
import type { AgentTools, ResearchControl } from './deps';
import { runTool } from './tool-exec';
import type { AgentAction, AgentEvent, AgentStep } from './types';

export function formatErrorObservation(action: Extract<AgentAction, { kind: 'invalid' }>): string {
  return [
    `Error: your last reply could not be used: ${action.message}`,
    'Reply with your reasoning inside <think></think>, then exactly one of:',
    '<tool_call>\n{"name": "search", "arguments": {"query": ["your query"]}}\n</tool_call>',
    '<tool_call>\n{"name": "visit", "arguments": {"url": ["https://example.com/page"], "goal": "what to find there"}}\n</tool_call>',
    '<answer>your final answer</answer>',
  ].join('\n');
}

export const FORCE_ANSWER_NOTE =
  'Stop researching now: no more tool calls are possible. Using what you have found so far, give your final answer inside <answer></answer>.';

export function steerNote(text: string): string {
  return `Note from the user: ${text}`;
}

/**
 * Runs a step's effect: the format error for an unusable turn, the earlier observation for an
 * exact repeat, or the tool. Abort errors propagate; the step then stays 'pending' (resumable).
 */
export async function executeStep(
  step: AgentStep,
  earlier: readonly AgentStep[],
  tools: AgentTools,
  ctx: { signal: AbortSignal; question: string; emit: (e: AgentEvent) => void },
): Promise<void> {
  if (step.action.kind === 'invalid') {
    step.observation = formatErrorObservation(step.action);
    return;
  }
  if (!step.call) return;
  const original = findDuplicate(earlier, step.call);
  if (original) {
    step.observation = original.observation;
    step.result = original.result;
    step.duplicateOf = original.seq;
    step.notes.push({ kind: 'duplicate', text: duplicateNote(original) });
    return;
  }
  const outcome = await runTool(tools, step.call, {
    signal: ctx.signal,
    question: ctx.question,
    seq: step.seq,
  });
  step.observation = outcome.observation;
  step.result = outcome.result;
  step.sources = outcome.sources;
  if (outcome.error) {
    ctx.emit({
      type: 'error',
      code: 'tool-failed',
      message: `${step.call.name}: ${outcome.error}`,
      fatal: false,
    });
  }
}

export interface Limits {
  maxSteps: number;
  tokenBudget: number;
  timeBudgetMs: number;
}

/**
 * Notes for the next `<tool_response>`: queued steer notes, and the forced-answer request when the
 * next turn is the last one allowed, the budget is spent, or the user asked for the answer now.
 * Returns whether the next turn is forced.
 */
export function addTurnNotes(
  step: AgentStep,
  control: ResearchControl | undefined,
  limits: Limits,
  spent: { tokens: number; ms: number },
): boolean {
  for (const text of control?.takeSteers() ?? []) step.notes.push({ kind: 'steer', text: steerNote(text) });
  const force =
    step.seq + 2 >= limits.maxSteps ||
    (control?.answerRequested() ?? false) ||
    spent.tokens >= limits.tokenBudget ||
    spent.ms >= limits.timeBudgetMs;
  if (force) step.notes.push({ kind: 'force-answer', text: FORCE_ANSWER_NOTE });
  return force;
}
