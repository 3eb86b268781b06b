import type { Translate } from '../shared/translate';
import type { PlanState } from './use-engine-plan';

/** Why the engine host cannot tell which model would load, and what to do about it. */
export function PlanError({ plan, t }: { plan: PlanState; t: Translate }) {
  if (!plan.error) return null;
  return (
    <div data-testid="plan-error">
      <p class="small note">{t('planError', plan.error)}</p>
      {plan.hint ? <p class="small">{plan.hint}</p> : null}
    </div>
  );
}
