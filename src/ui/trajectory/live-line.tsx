import type { LiveTurn } from '../session/session-state';
import type { Translate } from '../shared/translate';
import { partialAction, thoughtPreview } from './partial-action';

/** What the turn being written is doing, in words: never the tool call's JSON. */
export function liveLineText(live: LiveTurn, answering: boolean, t: Translate): string {
  const a = live.action ? partialAction(live.action) : null;
  if (a?.kind === 'answer' || (answering && !a)) return t('liveAnswering');
  if (a?.kind === 'search')
    return a.queries.length ? t('lineSearching', a.queries.join(' · ')) : t('liveSearchingStart');
  if (a?.kind === 'visit')
    return a.places.length ? t('lineReading', a.places.join(', ')) : t('liveReadingStart');
  if (a) return t('liveActing');
  return t('liveThinking');
}

/**
 * The turn the model is writing now, as one line with the latest thought underneath; the whole
 * thought and the raw text are one click away. Only this part re-renders while tokens stream in.
 */
export function LiveLine({
  live,
  answering,
  cut,
  t,
}: {
  live: LiveTurn;
  answering: boolean;
  /** Set for a turn a stop or failure cut off: it stays, with its thinking open. */
  cut?: 'stopped' | 'failed';
  t: Translate;
}) {
  const preview = thoughtPreview(live.think);
  const what = liveLineText(live, answering, t);
  if (cut) {
    return (
      <div class="step-line cut" data-testid="partial-step" data-seq={live.seq}>
        <div class="line-row">
          <span class="seq" aria-hidden="true">
            {live.seq + 1}
          </span>
          <span class="visually-hidden">{t('lineStep', String(live.seq + 1))} </span>
          <span class="line-text">
            {cut === 'stopped' ? t('lineCutStopped', what) : t('lineCutFailed', what)}
          </span>
        </div>
        {live.think.trim() ? (
          <details class="thinking" open>
            <summary>{t('cardThinking')}</summary>
            <p class="think-text">{live.think.trim()}</p>
          </details>
        ) : null}
      </div>
    );
  }
  return (
    <div class="step-line live" data-testid="live-step" data-seq={live.seq} aria-busy="true">
      <div class="line-row">
        <span class="seq" aria-hidden="true">
          {live.seq + 1}
        </span>
        <span class="visually-hidden">{t('lineStep', String(live.seq + 1))} </span>
        <span class="line-text">{what}</span>
        {live.attempt > 1 ? <span class="badge">{t('liveAttempt', String(live.attempt))}</span> : null}
      </div>
      {live.retry ? <p class="step-note">{t('liveRetry', live.retry.detail || live.retry.reason)}</p> : null}
      {preview ? (
        <details class="thinking live-thought">
          <summary>
            <span class="visually-hidden">{t('cardThinking')}: </span>
            <span class="thought-preview">{preview}</span>
          </summary>
          <p class="think-text">{live.think.trim()}</p>
        </details>
      ) : null}
    </div>
  );
}
