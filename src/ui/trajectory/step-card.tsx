import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import { searchGroupsOf, visitEvidenceOf } from '../../export/observation';
import { visitFailWords } from '../errors/not-sent-words';
import type { Translate } from '../shared/translate';
import { SearchBody } from './search-body';
import { StepNotes } from './step-notes';
import { VisitBody } from './visit-body';

export interface StepCardProps {
  step: AgentStep;
  t: Translate;
  /** Offered on finished steps of a session that is not running. */
  onRetry?: ((seq: number) => void) | undefined;
}

function Body({ step, t }: { step: AgentStep; t: Translate }) {
  const a = step.action;
  // Reading results (or, for a step with only text, parsing it) is the costly part: once per step object.
  const parsed = useMemo(
    () =>
      a.kind === 'search'
        ? { search: searchGroupsOf(step), visit: [] }
        : a.kind === 'visit'
          ? { search: [], visit: visitEvidenceOf(step) }
          : { search: [], visit: [] },
    [step],
  );
  if (a.kind === 'search') return <SearchBody queries={a.query} groups={parsed.search} t={t} />;
  if (a.kind === 'visit') {
    const failed = new Map<string, string>();
    if (step.result?.tool === 'visit')
      for (const p of step.result.pages) if (!p.ok) failed.set(p.url.trim(), visitFailWords(p, t));
    return <VisitBody urls={a.url} goal={a.goal} frames={parsed.visit} failed={failed} t={t} />;
  }
  if (a.kind === 'answer') return <p class="muted">{t('cardAnswerWritten')}</p>;
  return <p class="muted">{t('cardInvalid', a.message)}</p>;
}

/** A step opened from its line: thinking, results or evidence, notes, and the raw model output on request. */
function StepCardImpl({ step, t, onRetry }: StepCardProps) {
  const titleId = `step-${step.seq}-title`;
  return (
    <article class={`step-card kind-${step.action.kind}`} data-status={step.status} aria-labelledby={titleId}>
      <header class="card-head">
        <h3 id={titleId} class="visually-hidden">
          {t('cardStep', String(step.seq + 1))}
        </h3>
        {step.status === 'pending' ? <span class="badge">{t('cardRunning')}</span> : null}
        {step.duplicateOf !== null ? (
          <span class="badge" title={t('cardDuplicateTitle')}>
            {t('cardDuplicate', String(step.duplicateOf + 1))}
          </span>
        ) : null}
      </header>
      {step.think ? (
        <details class="thinking">
          <summary>{t('cardThinking')}</summary>
          <p class="think-text">{step.think}</p>
        </details>
      ) : null}
      <Body step={step} t={t} />
      {/* Steer notes show in the trail itself, right after this step. */}
      <StepNotes notes={step.notes.filter((n) => n.kind !== 'steer')} t={t} />
      {step.raw ? (
        <details class="raw">
          <summary>{t('cardRaw')}</summary>
          <pre class="raw-text">{step.raw}</pre>
        </details>
      ) : null}
      {/* After what the step found, not above it: a reader opens a step to see its results, and
          retrying is what they may do once they have. */}
      {onRetry && step.status === 'done' ? (
        <footer class="card-foot">
          <button
            type="button"
            class="link retry"
            data-testid="retry-from"
            onClick={() => onRetry(step.seq)}
            aria-label={t('cardRetryFromLabel', String(step.seq + 1))}
          >
            {t('cardRetryFrom')}
          </button>
        </footer>
      ) : null}
    </article>
  );
}

/** Finished steps never change, so they only re-render when their step object is replaced. */
export const StepCard = memo(StepCardImpl);
