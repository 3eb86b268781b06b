import type { ConnectionTest, SearchTest } from '../../messaging/protocol';
import type { Translate } from '../shared/translate';
import { errorLine } from './error-words';

/** A model server's connection test in the user's words: how many models and how fast, or why not. */
export function connectionWords(r: ConnectionTest, t: Translate): string {
  if (!r.ok) return errorLine(r.info, t);
  const ms = String(r.latencyMs);
  return r.models.length === 1 ? t('connectionOkOne', ms) : t('connectionOk', [String(r.models.length), ms]);
}

/** A search provider's one-query test: the number of results, or why it failed. */
export function searchTestWords(r: SearchTest, t: Translate): string {
  if (!r.ok) return errorLine(r.info, t);
  return r.count === 1 ? t('searchTestResultsOne') : t('searchTestResults', String(r.count));
}
