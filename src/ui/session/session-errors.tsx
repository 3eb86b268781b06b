import { memo } from 'preact/compat';
import type { RunError } from '../../errors/run-error';
import { errorLine } from '../errors/error-words';
import type { Translate } from '../shared/translate';
import type { SessionError } from './session-state';

/**
 * Errors the run reported (search provider failing, engine failure), worded from their codes in the
 * user's language. A run whose every search failed points to the search settings.
 */
function SessionErrorsImpl({
  errors,
  onOpenOptions,
  shownAbove,
  t,
}: {
  errors: readonly SessionError[];
  onOpenOptions?: ((section: string) => void) | undefined;
  /** The engine's problem the panel's notice above shows in full, if it does. */
  shownAbove?: RunError | undefined;
  t: Translate;
}) {
  // The same failure can arrive live and again from the saved session: show it once. A model failure
  // the engine notice above spells out is its box alone: a second red box under it, saying "see
  // above", made one failure look like two.
  const unique = errors.filter(
    (e, i) => errors.findIndex((x) => sameError(x, e)) === i && !sameAsAbove(e, shownAbove),
  );
  if (unique.length === 0) return null;
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
          <li key={`${i}:${e.message}`} data-testid="error-reason" data-code={e.error?.code}>
            {/* The heading already says every search failed: that one shows only its reason and fix. */}
            {e.code === 'search-failed' ? words(e, t) : `${t(CODE_KEYS[e.code])}: ${words(e, t)}`}
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

const CODE_KEYS: Record<SessionError['code'], string> = {
  'tool-failed': 'errorCode_tool_failed',
  'engine-failed': 'errorCode_engine_failed',
  'context-too-small': 'errorCode_context_too_small',
  'no-answer': 'errorCode_no_answer',
  'invalid-resume': 'errorCode_invalid_resume',
  'search-failed': 'errorCode_search_failed',
  store: 'errorCode_store',
  stored: 'errorCode_stored',
};

/** The error in the user's words; an error that came without data shows the text it came with. */
function words(e: SessionError, t: Translate): string {
  return e.error ? errorLine(e.error, t) : e.message;
}

const key = (e: RunError | undefined) => (e ? JSON.stringify(e) : '');

function sameError(a: SessionError, b: SessionError): boolean {
  return a.message === b.message || (!!a.error && key(a.error) === key(b.error));
}

/**
 * A model failure the engine notice above already spells out (the same words, then its fix): a run
 * against a model server that is down showed the same five lines twice, one box under the other,
 * then a second box pointing at the first.
 * Both come from the engine's error as data, so its code says whether they are one failure; a code
 * whose only parameter is a library's own text must carry the same text.
 */
function sameAsAbove(e: SessionError, above: RunError | undefined): boolean {
  if (e.code !== 'engine-failed' || !e.error || !above || e.error.code !== above.code) return false;
  return !FREE_TEXT.has(above.code) || key(e.error) === key(above);
}

const FREE_TEXT = new Set<RunError['code']>(['engine-failed', 'stored-text']);

/** Memoized: the session view re-renders on every streamed frame, and these props rarely change. */
export const SessionErrors = memo(SessionErrorsImpl);
