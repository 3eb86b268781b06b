import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';

export interface ControlActions {
  stop(): void;
  answerNow(): void;
  steer(note: string): Promise<boolean>;
}

/** Stop, answer now, and a note that steers the next step; shown while a session runs. */
function ControlsImpl({ actions, t }: { actions: ControlActions; t: Translate }) {
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
    <fieldset class="controls">
      <legend class="visually-hidden">{t('controlsLabel')}</legend>
      <button type="button" data-testid="stop" onClick={actions.stop}>
        {t('controlStop')}
      </button>
      <button type="button" data-testid="answer-now" onClick={actions.answerNow}>
        {t('controlAnswerNow')}
      </button>
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
        <span role="status" class="small muted">
          {sent ? t('controlSteerSent') : ''}
        </span>
      </form>
    </fieldset>
  );
}

/** Memoized: the session view re-renders on every streamed frame, and these props rarely change. */
export const Controls = memo(ControlsImpl);
