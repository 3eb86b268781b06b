import { DEFAULT_TEXTS, fillText, type PromptTexts } from '../profiles/prompt-texts';
import { duplicateNote, findDuplicate } from './dedup';
import type { AgentTools, ResearchControl } from './deps';
import { forceCause, type Spent, type StopLimits } from './stop-rule';
import { runTool } from './tool-exec';
import type { AgentAction, AgentEvent, AgentStep } from './types';

export function formatErrorObservation(
  action: Extract<AgentAction, { kind: 'invalid' }>,
  text: string = DEFAULT_TEXTS.formatError,
): string {
  return fillText(text, { problem: action.message });
}

export const FORCE_ANSWER_NOTE = DEFAULT_TEXTS.forceAnswer;

export function steerNote(text: string): string {
  return `Note from the user: ${text}`;
}

export interface StepContext {
  signal: AbortSignal;
  question: string;
  emit: (e: AgentEvent) => void;
  texts: PromptTexts;
  /** Duplicate policy `resample`: a repeat that got through every re-sample runs again. */
  rerunDuplicates: boolean;
  searchErrorField: boolean;
}

/**
 * Runs a step's effect: the format error for an unusable turn, the earlier observation for an
 * exact repeat, or the tool. Abort errors propagate; the step then stays 'pending' (resumable).
 */
export async function executeStep(
  step: AgentStep,
  earlier: readonly AgentStep[],
  tools: AgentTools,
  ctx: StepContext,
): Promise<void> {
  if (step.action.kind === 'invalid') {
    step.observation = formatErrorObservation(step.action, ctx.texts.formatError);
    return;
  }
  if (!step.call) return;
  const original = ctx.rerunDuplicates ? null : findDuplicate(earlier, step.call);
  if (original) {
    step.observation = original.observation;
    step.result = original.result;
    step.duplicateOf = original.seq;
    step.notes.push({ kind: 'duplicate', text: duplicateNote(original, ctx.texts.duplicate) });
    return;
  }
  const outcome = await runTool(tools, step.call, {
    signal: ctx.signal,
    question: ctx.question,
    seq: step.seq,
    texts: ctx.texts,
    searchErrorField: ctx.searchErrorField,
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

/**
 * Notes for the next `<tool_response>`: queued steer notes, and the forced-answer request when the
 * next turn is the last one allowed, the budget is spent, or the user asked for the answer now.
 * Returns whether the next turn is forced.
 */
export function addTurnNotes(
  step: AgentStep,
  control: ResearchControl | undefined,
  limits: StopLimits,
  spent: Spent,
  forceText: string = DEFAULT_TEXTS.forceAnswer,
): boolean {
  for (const text of control?.takeSteers() ?? []) step.notes.push({ kind: 'steer', text: steerNote(text) });
  const cause = forceCause(step.seq, limits, spent, control?.answerRequested() ?? false);
  if (cause) step.notes.push({ kind: 'force-answer', text: forceText, cause });
  return cause !== null;
}
