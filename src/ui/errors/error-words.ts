import type { PageFailure, RunError } from '../../errors/run-error';
import type { Translate } from '../shared/translate';
import { engineWords } from './engine-words';
import { pair, searchWords } from './search-words';
import type { Worded } from './worded';

/**
 * Any run or engine error in the user's language. The one place error codes become words (the panel
 * and, through the wording function it is handed, the markdown export).
 */
export function errorWords(e: RunError, t: Translate): Worded {
  if (e.code.startsWith('search-') && e.code !== 'search-all-failed') return searchWords(e as never, t);
  if (e.code.startsWith('model-') || e.code === 'engine-failed') return engineWords(e as never, t);
  switch (e.code) {
    case 'search-all-failed':
      return searchWords(e.params.first, t);
    case 'page-unreachable':
    case 'redirect-refused':
    case 'tab-closed':
      return pageWords(e, t);
    case 'cap-reached':
      return { reason: t(`errCap_${e.params.what}`, [String(e.params.limit)]) };
    case 'step-limit':
      return pair(t, 'errStepLimit', [String(e.params.maxSteps)], 'errFixStepLimit');
    case 'no-final-answer':
      return pair(t, 'errNoFinalAnswer', [], 'errFixStepLimit');
    case 'context-too-small':
      return pair(t, 'errContextTooSmall', [String(e.params.window)], 'errFixContextTooSmall');
    case 'invalid-resume':
      return { reason: t('errInvalidResume', [e.params.detail]) };
    case 'tool-failed':
      return errorWords(e.params.cause, t);
    case 'store-full':
      return pair(t, 'errStoreFull', [], 'errFixStoreFull');
    case 'store-failed':
      return { reason: t('errStoreFailed', [e.params.detail]) };
    case 'stored-text':
      return { reason: e.params.text };
    default:
      return { reason: e.code };
  }
}

const PAGE_KEYS: Record<Extract<PageFailure, { code: 'page-unreachable' }>['params']['cause'], string> = {
  timeout: 'errPageTimeout',
  http: 'errPageHttp',
  blocked: 'errPageBlocked',
  'not-text': 'errPageNotText',
  other: 'errPageOther',
};

function pageWords(e: PageFailure, t: Translate): Worded {
  switch (e.code) {
    case 'page-unreachable':
      return { reason: t(PAGE_KEYS[e.params.cause], [e.params.url]) };
    case 'redirect-refused':
      return { reason: t('errRedirectRefused', [e.params.from, e.params.to]) };
    case 'tab-closed':
      return pair(t, 'errTabClosed', [], 'errFixTabClosed');
  }
}

/** Reason and fix as one line, for places with room for a single string. */
export function errorLine(e: RunError, t: Translate): string {
  const w = errorWords(e, t);
  if (!w.fix) return w.reason;
  // Chinese sentences run on after their full stop; English ones take a space: the language says which.
  return t('errorReasonThenFix', [w.reason, w.fix]);
}
