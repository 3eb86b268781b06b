import { readStepResult } from '../agent/read-step-result';
import type { AgentStep } from '../agent/types';
import type { SearchFailure } from '../errors/run-error';

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
