import { memo } from 'preact/compat';
import type { AgentStep } from '../../agent/types';
import type { Translate } from '../shared/translate';
import { stepSummary } from './step-summary';

const KIND_LABEL = { search: 'kindSearch', visit: 'kindVisit', answer: 'kindAnswer', invalid: 'kindInvalid' };

/** One line for an early step of a long run; keeps a 200-step trajectory cheap to lay out. */
/**
 * `onExpand` takes the seq so the list can hand every row the same callback: a per-row arrow
 * function would be new on each render and defeat the memo below.
 */
function CompactStepImpl({
  step,
  t,
  onExpand,
}: {
  step: AgentStep;
  t: Translate;
  onExpand: (seq: number) => void;
}) {
  const kind = step.action.kind;
  return (
    <div class="step-card compact" data-testid="step-card" data-kind={kind} data-status={step.status}>
      <button
        type="button"
        class="compact-row"
        onClick={() => onExpand(step.seq)}
        aria-label={t('cardExpand', String(step.seq + 1))}
      >
        <span class="seq">{step.seq + 1}</span>
        <span class="kind">{t(KIND_LABEL[kind])}</span>
        <span class="summary">{stepSummary(step)}</span>
      </button>
    </div>
  );
}

export const CompactStep = memo(CompactStepImpl);
