import type { AgentStep, ForceCause, StepNote } from '../../agent/types';
import { chooseProfile, isProfileId, PROFILES } from '../../profiles/profiles';
import { parseSettings } from '../../settings/schema';
import { stepsAllowed } from '../../settings/step-limit';
import type { JsonValue } from '../../store/json';
import type { Translate } from '../shared/translate';

/** The notes of the step whose result asked for the answer: the one before the answer step. */
function forcingNotes(steps: readonly AgentStep[]): StepNote[] {
  for (const step of [steps[steps.length - 1], steps[steps.length - 2]]) {
    const notes = step?.notes.filter((n) => n.kind === 'force-answer' || n.kind === 'context-limit') ?? [];
    if (notes.length > 0) return notes;
  }
  return [];
}

/** Whether a saved answer was asked for early (live runs say so in their answer event). */
export function answeredEarly(steps: readonly AgentStep[]): boolean {
  return forcingNotes(steps).length > 0;
}

/** The step limit a saved run ran under, from its settings snapshot; undefined when it has none. */
export function savedStepLimit(snapshot: JsonValue | undefined): number | undefined {
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) return undefined;
  if (typeof snapshot.app !== 'object' || snapshot.app === null) return undefined;
  const app = parseSettings(snapshot.app);
  const model = isProfileId(snapshot.modelProfile) ? snapshot.modelProfile : 'general';
  return stepsAllowed(app, PROFILES[chooseProfile(app.profile, model)].maxSteps);
}

/**
 * The note over an answer the run was made to give early, naming its one cause. Runs saved before
 * the cause was stored: a full window left its own note; otherwise, as the extension sets no token
 * or time budget, an answer short of the run's step limit can only have been asked for ("Answer
 * now"). At the step limit the answer is the run's last allowed step, so the step count is the limit.
 */
export function forcedNote(steps: readonly AgentStep[], t: Translate, stepLimit?: number): string {
  const notes = forcingNotes(steps);
  const force = notes.find((n) => n.kind === 'force-answer');
  let cause: ForceCause | 'context' | null = null;
  if (force?.cause) cause = force.cause;
  else if (force && stepLimit !== undefined) cause = steps.length >= stepLimit ? 'step-limit' : 'answer-now';
  else if (!force && notes.length > 0) cause = 'context';
  if (cause === 'answer-now') return t('answerForcedAnswerNow');
  if (cause === 'step-limit') return t('answerForcedStepLimit', String(steps.length));
  if (cause === 'budget') return t('answerForcedBudget');
  if (cause === 'context') return t('answerForcedContext');
  return t('answerForced');
}
