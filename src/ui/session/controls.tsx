import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';

export interface ControlActions {
  stop(): void;
  answerNow(): void;
  steer(note: string): Promise<boolean>;
}

/**
 * Stop, answer now, and a note that steers the next step; shown while a session runs, pinned to the
 * top of the panel so it stays in reach while the trail scrolls. Each button says at once that it
 * was heard: the trail shows the note, the live line says "Writing the answer…".
 */
function ControlsImpl({
  actions,
  stopping,
  answering,
  t,
}: {
  actions: ControlActions;
  stopping: boolean;
  answering: boolean;
  t: Translate;
}) {
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const text = note.trim();
    if (!text) return;
    if (await actions.steer(text)) {
      setNote('');
      setSent(true);
    }
  };
  return (
    <fieldset class="controls" data-testid="controls">
      <legend class="visually-hidden">{t('controlsLabel')}</legend>
      <div class="control-buttons">
        <button type="button" class="danger" data-testid="stop" onClick={actions.stop} disabled={stopping}>
          {stopping ? t('controlStopping') : t('controlStop')}
        </button>
        <button
          type="button"
          data-testid="answer-now"
          onClick={actions.answerNow}
          disabled={answering || stopping}
        >
          {t('controlAnswerNow')}
        </button>
      </div>
      <form class="steer" onSubmit={submit}>
        <label for="steer" class="visually-hidden">
          {t('controlSteerLabel')}
        </label>
        <input
          id="steer"
          data-testid="steer"
          type="text"
          maxLength={4000}
          placeholder={t('controlSteerPlaceholder')}
          value={note}
          onInput={(e) => {
            setNote(e.currentTarget.value);
            setSent(false);
          }}
        />
        <button type="submit" data-testid="steer-send" disabled={!note.trim()}>
          {t('controlSteer')}
        </button>
      </form>
      <span role="status" class="visually-hidden">
        {sent ? t('controlSteerSent') : ''}
      </span>
    </fieldset>
  );
}

/** Memoized: the session view re-renders on every streamed frame, and these props rarely change. */
export const Controls = memo(ControlsImpl);
