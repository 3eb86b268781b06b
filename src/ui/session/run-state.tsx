import type { Translate } from '../shared/translate';
import { formatDuration } from '../trajectory/format-stats';
import type { SessionView } from './session-state';

/**
 * One line that says where the run stands, in words: researching, writing the answer, stopped by
 * you, failed, paused. A finished run with an answer needs no line: the answer says it.
 */
export function RunState({
  view,
  answering,
  stopping,
  waiting = false,
  t,
}: {
  view: SessionView;
  answering: boolean;
  stopping: boolean;
  /** A private run waits for the user's OK to send what the model chose. */
  waiting?: boolean;
  t: Translate;
}) {
  const s = view.session;
  const took = s ? formatDuration(Math.max(0, s.updatedAt - s.createdAt)) : '';
  let text = '';
  switch (view.status) {
    case 'running':
      text = stopping
        ? t('runStopping')
        : waiting
          ? t('runWaitingApproval')
          : answering
            ? t('liveAnswering')
            : t('runResearching');
      break;
    case 'stopped':
      text = took ? t('runStoppedAfter', took) : t('runStopped');
      break;
    case 'error':
      text = t('runFailed');
      break;
    case 'paused':
      text = t('runPaused');
      break;
    case 'done':
      text = view.answer ? '' : t('runNoAnswer');
      break;
    default:
      text = '';
  }
  if (!text) return null;
  return (
    <p
      class={`run-state ${view.status}`}
      data-testid="run-state"
      data-state={waiting && view.status === 'running' ? 'waiting' : view.status}
    >
      {/* The run's one busy mark: the live line below says what is being done, without a second one. */}
      {view.status === 'running' ? <span class="spinner" aria-hidden="true" /> : null}
      {text}
    </p>
  );
}
