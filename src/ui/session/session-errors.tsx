import { memo } from 'preact/compat';
import type { Translate } from '../shared/translate';
import type { SessionError } from './session-state';

/** Errors the run reported (search provider failing, engine failure) with the text it gave. */
function SessionErrorsImpl({ errors, t }: { errors: readonly SessionError[]; t: Translate }) {
  if (errors.length === 0) return null;
  const shown = errors.slice(-3);
  const fatal = errors.some((e) => e.fatal);
  return (
    <div class={`banner ${fatal ? 'error' : 'warn'}`} role="alert" data-testid="error-banner">
      <p>
        <strong>{fatal ? t('sessionFailed') : t('sessionProblems')}</strong>
      </p>
      <ul>
        {shown.map((e, i) => (
          <li key={`${i}:${e.message}`}>
            {t(`errorCode_${e.code.replace(/-/g, '_')}`)}: {e.message}
          </li>
        ))}
      </ul>
      {fatal ? <p class="small">{t('sessionFailedHint')}</p> : null}
    </div>
  );
}

/** Memoized: the session view re-renders on every streamed frame, and these props rarely change. */
export const SessionErrors = memo(SessionErrorsImpl);
