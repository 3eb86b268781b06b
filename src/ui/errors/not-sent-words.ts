import type { SearchResult, VisitFailCode, VisitResult } from '../../agent/step-result';
import type { Translate } from '../shared/translate';

/**
 * What a private run kept back, and pages refused an isolated tab, in the user's language. The run's
 * own text for them is English written for the model ("Do not try to send it another way"), which
 * the panel never shows.
 */
const VISIT_KEY = {
  'needs-incognito': 'visitNeedsIncognito',
  'needs-container': 'visitNeedsContainer',
  declined: 'visitDeclined',
  'not-asked': 'visitNotAsked',
} as const satisfies Record<VisitFailCode, string>;

/** Why a page was not read: worded from its code, else the reason the run recorded. */
export const visitFailWords = (page: Pick<VisitResult, 'reason' | 'reasonCode'>, t: Translate): string =>
  page.reasonCode ? t(VISIT_KEY[page.reasonCode]) : (page.reason ?? '');

/** A query the user declined or nobody approved: never sent, so not a failed search. */
export function notSentWords(search: Pick<SearchResult, 'errorInfo'>, t: Translate): string | null {
  const code = search.errorInfo?.code;
  if (code === 'search-declined') return t('searchDeclined');
  if (code === 'search-not-asked') return t('searchNotAsked');
  return null;
}
