import { memo } from 'preact/compat';
import type { AgentStep } from '../../agent/types';
import type { Translate } from '../shared/translate';
import { OutcomeMark } from './outcome-mark';
import { StepCard } from './step-card';
import { stepLineText } from './step-line-text';

export interface StepLineProps {
  step: AgentStep;
  t: Translate;
  expanded: boolean;
  /** Takes the seq, so the list hands every row the same callback and the memo below holds. */
  onToggle: (seq: number) => void;
  onRetry?: ((seq: number) => void) | undefined;
}

/**
 * One step as one line ("Searched: …  ✓ 8 results"); opening it shows the step's card with its
 * results, evidence and thinking. Lines keep a 200-step trail short and cheap to lay out.
 */
function StepLineImpl({ step, t, expanded, onToggle, onRetry }: StepLineProps) {
  const line = stepLineText(step, t);
  const kind = step.action.kind;
  return (
    <div
      class={`step-line${expanded ? ' open' : ''}`}
      data-testid="step-card"
      data-kind={kind}
      data-status={step.status}
      data-outcome={line.outcome}
    >
      <button type="button" class="line-row" aria-expanded={expanded} onClick={() => onToggle(step.seq)}>
        <span class="seq" aria-hidden="true">
          {step.seq + 1}
        </span>
        <span class="visually-hidden">{t('lineStep', String(step.seq + 1))} </span>
        <span class="line-text">{line.text}</span>
        <OutcomeMark outcome={line.outcome} t={t} />
        {line.detail ? <span class="line-detail">{line.detail}</span> : null}
      </button>
      {expanded ? <StepCard step={step} t={t} onRetry={onRetry} /> : null}
    </div>
  );
}

export const StepLine = memo(StepLineImpl);
