import type { SearchFailure } from '../errors/run-error';
import { readStepResult } from './read-step-result';
import type { AgentStep } from './types';

const WITHHELD: ReadonlySet<SearchFailure['code']> = new Set(['search-declined', 'search-not-asked']);

/**
 * Why every search of a run failed (the first reason), or null when any search worked or none ran.
 * Such a run found nothing on the web, whatever its model went on to write: it ends as failed and
 * the panel points to the search settings.
 */
export function allSearchesFailed(
  steps: readonly AgentStep[],
): { text: string; info: SearchFailure | undefined } | null {
  let first: { text: string; info: SearchFailure | undefined } | null = null;
  let searched = false;
  for (const s of steps) {
    if (s.action.kind !== 'search' || s.duplicateOf !== null) continue;
    const result = readStepResult(s);
    if (result?.tool !== 'search') continue;
    for (const q of result.searches) {
      // A query a private run kept back never reached a provider: it says nothing about search.
      if (q.errorInfo && WITHHELD.has(q.errorInfo.code)) continue;
      searched = true;
      if (!q.error) return null;
      first ??= { text: q.error, info: q.errorInfo };
    }
  }
  return searched ? first : null;
}

/** The first sentence of the message; the panel's banner says it in its heading and shows the rest. */
export const SEARCH_FAILED_LEAD = 'Every search of this run failed, so nothing was found on the web.';

/**
 * The run's error: the lead, then the reason as its own sentences (it was put in parentheses, which
 * nested its own "(404)" and "Options → Search." inside them), then where to fix it unless the
 * reason already says.
 */
export const SEARCH_FAILED_MESSAGE = (reason: string) => {
  const said = reason.trim().replace(/([^.!?。])$/u, '$1.');
  const where = said.includes('Options → Search') ? '' : ' Check the search providers in Options → Search.';
  return `${SEARCH_FAILED_LEAD} ${said}${where}`;
};
