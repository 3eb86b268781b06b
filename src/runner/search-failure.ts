import { readStepResult } from '../agent/read-step-result';
import type { AgentStep } from '../agent/types';

/**
 * Why every search of a run failed (the first reason), or null when any search worked or none ran.
 * Such a run found nothing on the web, whatever its model went on to write: it ends as failed and
 * the panel points to the search settings.
 */
export function allSearchesFailed(steps: readonly AgentStep[]): string | null {
  let first: string | null = null;
  let searched = false;
  for (const s of steps) {
    if (s.action.kind !== 'search' || s.duplicateOf !== null) continue;
    const result = readStepResult(s);
    if (result?.tool !== 'search') continue;
    for (const q of result.searches) {
      searched = true;
      if (!q.error) return null;
      first ??= q.error;
    }
  }
  return searched ? first : null;
}

export const SEARCH_FAILED_MESSAGE = (reason: string) =>
  `Every search of this run failed, so nothing was found on the web (${reason}). Check the search providers in Options → Search.`;
