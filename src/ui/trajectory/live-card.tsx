import type { LiveTurn } from '../session/session-state';
import type { Translate } from '../shared/translate';

/** The turn the model is writing now; only this card re-renders while tokens stream in. */
export function LiveCard({ live, t }: { live: LiveTurn; t: Translate }) {
  const writing = live.action.length > 0;
  return (
    <article class="step-card live" data-testid="live-step" data-seq={live.seq} aria-busy="true">
      <header class="card-head">
        <h3>
          {t('cardStep', String(live.seq + 1))} · {writing ? t('liveActing') : t('liveThinking')}
        </h3>
        {live.attempt > 1 ? <span class="badge">{t('liveAttempt', String(live.attempt))}</span> : null}
      </header>
      {live.retry ? <p class="note">{t('liveRetry', live.retry.detail || live.retry.reason)}</p> : null}
      <details class="thinking">
        <summary>{t('cardThinking')}</summary>
        <p class="think-text">{live.think}</p>
      </details>
      {writing ? <pre class="action-text">{live.action}</pre> : null}
    </article>
  );
}
