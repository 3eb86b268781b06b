import { memo } from 'preact/compat';
import type { Translate } from '../shared/translate';
import { searchFailureDetail } from './search-failure-detail';
import type { SessionError } from './session-state';

/**
 * Errors the run reported (search provider failing, engine failure) with the text it gave. A run
 * whose every search failed points to the search settings.
 */
function SessionErrorsImpl({
  errors,
  onOpenOptions,
  shownAbove,
  t,
}: {
  errors: readonly SessionError[];
  onOpenOptions?: ((section: string) => void) | undefined;
  /** The engine's problem as the panel's notice above shows it in full, if it does. */
  shownAbove?: string | undefined;
  t: Translate;
}) {
  if (errors.length === 0) return null;
  // The same failure can arrive live and again from the saved session: show it once.
  const unique = errors.filter((e, i) => errors.findIndex((x) => x.message === e.message) === i);
  const shown = unique.slice(-3);
  const fatal = unique.some((e) => e.fatal);
  const search = unique.some((e) => e.code === 'search-failed');
  return (
    <div class={`banner ${fatal ? 'error' : 'warn'}`} role="alert" data-testid="error-banner">
      <p>
        <strong>
          {search ? t('sessionSearchFailed') : fatal ? t('sessionFailed') : t('sessionProblems')}
        </strong>
      </p>
      <ul>
        {shown.map((e, i) => (
          <li key={`${i}:${e.message}`}>
            {/* The heading already says every search failed: that one shows only its reason and fix. */}
            {e.code === 'search-failed'
              ? searchFailureDetail(e.message)
              : `${t(`errorCode_${e.code.replace(/-/g, '_')}`)}: ${sameAsAbove(e, shownAbove) ? t('errorSameAsAbove') : e.message}`}
          </li>
        ))}
      </ul>
      {search && onOpenOptions ? (
        <div class="banner-actions">
          <button type="button" data-testid="open-search-settings" onClick={() => onOpenOptions('search')}>
            {t('openSearchSettings')}
          </button>
        </div>
      ) : fatal ? (
        <p class="small">{t('sessionFailedHint')}</p>
      ) : null}
    </div>
  );
}

/**
 * A model failure the engine notice above already spells out (the same words, then its fix): a run
 * against a model server that is down showed the same five lines twice, one box under the other.
 */
function sameAsAbove(e: SessionError, above: string | undefined): boolean {
  return e.code === 'engine-failed' && !!above && e.message.startsWith(above.trim());
}

/** Memoized: the session view re-renders on every streamed frame, and these props rarely change. */
export const SessionErrors = memo(SessionErrorsImpl);
