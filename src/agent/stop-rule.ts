import type { AgentStep, ForceCause } from './types';

/**
 * When a research run stops: every stop condition of the loop, in one place. Steps are numbered from
 * 0, and every step is one model turn.
 *
 * `maxSteps` reaches the loop once, in its settings: the runner sets it (runner/agent-settings.ts:
 * the profile's steps, lowered by the user's step limit and thoroughness); without it the loop's
 * default (agent/settings.ts) applies. Nothing else reads a step limit.
 */
export interface StopLimits {
  maxSteps: number;
  tokenBudget: number;
  timeBudgetMs: number;
}

/** What was spent so far: prefilled plus generated tokens, and the time over every step. */
export interface Spent {
  tokens: number;
  ms: number;
}

/** Step `seq` would be past the step limit: the run ends without asking the model again. */
export const pastStepLimit = (seq: number, limits: Pick<StopLimits, 'maxSteps'>): boolean =>
  seq >= limits.maxSteps;

/** Step `seq` is the last one the limit allows, so its turn must be the answer. */
export const isLastStep = (seq: number, limits: Pick<StopLimits, 'maxSteps'>): boolean =>
  seq + 1 >= limits.maxSteps;

/**
 * Why the turn after step `seq` must give the answer, or null when it may research on. The user's
 * own request is named first (it is what they will look for in the answer's note), then the step
 * limit (the next step is the last one allowed), then the token and time budgets.
 */
export function forceCause(
  seq: number,
  limits: StopLimits,
  spent: Spent,
  answerRequested: boolean,
): ForceCause | null {
  if (answerRequested) return 'answer-now';
  if (isLastStep(seq + 1, limits)) return 'step-limit';
  if (spent.tokens >= limits.tokenBudget || spent.ms >= limits.timeBudgetMs) return 'budget';
  return null;
}

/**
 * Whether the turn after a finished tool is forced: a force-answer note was added to its result, or
 * (no-fold policy) the window cannot hold one more turn, so the result asks for the answer instead.
 */
export const forcedAfterTool = (forceNoted: boolean, windowFull: boolean): boolean =>
  forceNoted || windowFull;

/** Whether the turn of step `seq` must be the answer: the step before forced it, or it is the last. */
export const mustAnswer = (seq: number, forced: boolean, limits: Pick<StopLimits, 'maxSteps'>): boolean =>
  forced || isLastStep(seq, limits);

/**
 * What follows a sampled turn: the run ends with its answer; a turn that had to answer and did not
 * ends the run without one; any other turn runs its tool.
 */
export function afterTurn(
  action: AgentStep['action']['kind'],
  seq: number,
  forced: boolean,
  limits: Pick<StopLimits, 'maxSteps'>,
): 'answered' | 'no-answer' | 'run-tool' {
  if (action === 'answer') return 'answered';
  return mustAnswer(seq, forced, limits) ? 'no-answer' : 'run-tool';
}

/** A stored run's next turn is forced when its last step's result asked for the answer. */
export const forcedOnResume = (last: AgentStep | undefined): boolean =>
  last?.notes.some((n) => n.kind === 'force-answer') ?? false;
