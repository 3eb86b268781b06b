import { readStepResult } from '../../src/agent/read-step-result';
import type { AgentStep } from '../../src/agent/types';

/**
 * Figures read from the steps' tool results (the structure the run kept, or for replayed
 * trajectories what their text says): queries searched and pages actually read or failed. Repeated
 * calls answered from history do not count again.
 */
export interface StepFigures {
  queries: number;
  pagesRead: number;
  pagesFailed: number;
  /** Different pages read (by the URL asked for). */
  distinctPages: number;
}

export function stepFigures(steps: readonly AgentStep[]): StepFigures {
  let queries = 0;
  let pagesRead = 0;
  let pagesFailed = 0;
  const distinct = new Set<string>();
  for (const step of steps) {
    if (step.duplicateOf !== null) continue;
    const result = readStepResult(step);
    if (!result) continue;
    if (result.tool === 'search') {
      queries += result.searches.length;
      continue;
    }
    for (const page of result.pages) {
      if (page.ok) {
        pagesRead++;
        distinct.add(page.url);
      } else pagesFailed++;
    }
  }
  return { queries, pagesRead, pagesFailed, distinctPages: distinct.size };
}
