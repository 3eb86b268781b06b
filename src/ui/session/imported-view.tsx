import type { ComponentChildren } from 'preact';
import type { TrajectoryView } from '../../export';
import { AnswerView } from '../answer/answer-view';
import type { Translate } from '../shared/translate';
import { statsFromSteps } from '../trajectory/format-stats';
import { StatsHeader } from '../trajectory/stats-header';
import { TrajectoryList } from '../trajectory/trajectory-list';

/** An imported trajectory, read-only: no controls, nothing written to the store. */
export function ImportedView({
  view,
  onClose,
  headAction,
  t,
}: {
  view: TrajectoryView;
  onClose: () => void;
  /** Shown at the end of the first line ("+ New question"). */
  headAction?: ComponentChildren;
  t: Translate;
}) {
  return (
    <section class="session imported" aria-labelledby="session-title" data-status="imported">
      <div class="session-head">
        {headAction}
        <p class="note">
          {t('importReadOnly')}{' '}
          <button type="button" class="link" onClick={onClose}>
            {t('close')}
          </button>
        </p>
        <h2 id="session-title" class="session-question">
          {view.question}
        </h2>
      </div>
      <StatsHeader stats={statsFromSteps(view.steps)} running={false} since={0} t={t} />
      <TrajectoryList steps={view.steps} live={null} t={t} />
      {view.answer !== null ? (
        <AnswerView text={view.answer} citations={null} forced={false} steps={view.steps} t={t} />
      ) : null}
    </section>
  );
}
