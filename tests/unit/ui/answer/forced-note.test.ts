import { describe, expect, it } from 'vitest';
import type { AgentStep, StepNote } from '../../../../src/agent/types';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { answeredEarly, forcedNote, savedStepLimit } from '../../../../src/ui/answer/forced-note';
import { emptyView, fromStore } from '../../../../src/ui/session/session-state';
import { sampleSession, sampleSteps } from '../../export/sample-session';
import { tEn } from '../helpers';

/** The sample run (search, visit, visit, answer) with `notes` on the step before the answer. */
function forcedBy(...notes: StepNote[]): AgentStep[] {
  const steps = sampleSteps();
  const before = steps[2];
  if (!before) throw new Error('fixture');
  before.notes = notes;
  return steps;
}
const force = (cause?: StepNote['cause']): StepNote => ({
  kind: 'force-answer',
  text: 'Give your answer now.',
  ...(cause ? { cause } : {}),
});

describe("a forced answer's note names its one cause", () => {
  it('after "Answer now", the step limit, a full context and a used-up budget', () => {
    expect(forcedNote(forcedBy(force('answer-now')), tEn)).toBe(
      'You asked for the answer now, so the research stopped early and this answer may be incomplete.',
    );
    expect(forcedNote(forcedBy(force('step-limit')), tEn)).toBe(
      'The step limit (4) was reached, so this answer may be incomplete.',
    );
    expect(forcedNote(forcedBy({ kind: 'context-limit', text: 'The window is full.' }), tEn)).toBe(
      'The context was full, so the research stopped early and this answer may be incomplete.',
    );
    expect(forcedNote(forcedBy(force('budget')), tEn)).toBe(
      'The run used up its time or token budget, so this answer may be incomplete.',
    );
    expect(forcedNote(forcedBy(force('answer-now')), tEn)).not.toContain('step limit, context size');
  });

  it('in runs saved before the cause was stored, from the step limit they ran under', () => {
    expect(forcedNote(forcedBy(force()), tEn, 60)).toBe(
      'You asked for the answer now, so the research stopped early and this answer may be incomplete.',
    );
    expect(forcedNote(forcedBy(force()), tEn, 4)).toBe(
      'The step limit (4) was reached, so this answer may be incomplete.',
    );
    // Nothing to tell them apart by: the general wording stays.
    expect(forcedNote(forcedBy(force()), tEn)).toContain('(step limit, context size or “Answer now”)');
  });

  it('reads the step limit from the settings a run was saved with', () => {
    const app = { ...DEFAULT_SETTINGS, stepLimit: 200, thoroughness: 'balanced' };
    expect(savedStepLimit({ systemPrompt: 'x', app, modelProfile: 'general' })).toBe(60);
    expect(savedStepLimit({ ...DEFAULT_SETTINGS, stepLimit: 10 } as never)).toBeUndefined();
    expect(savedStepLimit(undefined)).toBeUndefined();
  });

  it('a saved forced answer still shows its note when reopened', () => {
    const steps = forcedBy(force('answer-now'));
    expect(answeredEarly(steps)).toBe(true);
    expect(answeredEarly(sampleSteps())).toBe(false);
    const view = fromStore(emptyView('s1', 'Q?'), sampleSession(), steps);
    expect(view.answer?.forced).toBe(true);
    expect(fromStore(emptyView('s1', 'Q?'), sampleSession(), sampleSteps()).answer?.forced).toBe(false);
  });
});
