import { describe, expect, it } from 'vitest';
import {
  afterTurn,
  forceCause,
  forcedAfterTool,
  forcedOnResume,
  isLastStep,
  mustAnswer,
  pastStepLimit,
} from '../../../src/agent/stop-rule';
import type { AgentStep } from '../../../src/agent/types';

const limits = { maxSteps: 3, tokenBudget: 1000, timeBudgetMs: 60_000 };
const none = { tokens: 0, ms: 0 };

describe('the stop rule', () => {
  it('a limit of 3 steps allows steps 0, 1 and 2, the last of them forced to answer', () => {
    expect([0, 1, 2, 3].map((seq) => pastStepLimit(seq, limits))).toEqual([false, false, false, true]);
    expect([0, 1, 2].map((seq) => isLastStep(seq, limits))).toEqual([false, false, true]);
    expect([0, 1, 2].map((seq) => mustAnswer(seq, false, limits))).toEqual([false, false, true]);
    expect(mustAnswer(0, true, limits)).toBe(true);
  });

  it('asks for the answer after the step before the last one, and names the cause', () => {
    expect(forceCause(0, limits, none, false)).toBeNull();
    expect(forceCause(1, limits, none, false)).toBe('step-limit');
    expect(forceCause(0, limits, { tokens: 1000, ms: 0 }, false)).toBe('budget');
    expect(forceCause(0, limits, { tokens: 0, ms: 60_000 }, false)).toBe('budget');
    // The user's own request is what they look for in the note, whatever else applies.
    expect(forceCause(1, limits, { tokens: 5000, ms: 0 }, true)).toBe('answer-now');
  });

  it('ends the run on an answer, and without one when a turn that had to answer did not', () => {
    expect(afterTurn('answer', 0, false, limits)).toBe('answered');
    expect(afterTurn('search', 0, false, limits)).toBe('run-tool');
    expect(afterTurn('visit', 0, true, limits)).toBe('no-answer');
    expect(afterTurn('invalid', 2, false, limits)).toBe('no-answer');
  });

  it('forces the turn after a tool for a force-answer note or a full window (no-fold policy)', () => {
    expect(forcedAfterTool(false, false)).toBe(false);
    expect(forcedAfterTool(true, false)).toBe(true);
    expect(forcedAfterTool(false, true)).toBe(true);
  });

  it('a resumed run stays forced when its last result asked for the answer', () => {
    const step = (kinds: AgentStep['notes'][number]['kind'][]) =>
      ({ notes: kinds.map((kind) => ({ kind, text: '' })) }) as unknown as AgentStep;
    expect(forcedOnResume(undefined)).toBe(false);
    expect(forcedOnResume(step(['steer']))).toBe(false);
    expect(forcedOnResume(step(['steer', 'force-answer']))).toBe(true);
  });
});
