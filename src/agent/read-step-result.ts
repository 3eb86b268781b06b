import { parseSearchText, parseVisitFrames } from './observation-parse';
import type { StepResult } from './step-result';
import type { AgentStep } from './types';

/**
 * A step's tool results: the structure the run kept, or, for a step that has none (an imported or
 * replayed trajectory, or a step saved before results were kept), what its observation text says.
 * Pages read back from text count as read only when the step lists them in `sources`.
 */
export function readStepResult(
  step: Pick<AgentStep, 'action' | 'observation' | 'result' | 'sources'>,
): StepResult | null {
  if (step.result) return step.result;
  const a = step.action;
  const text = step.observation;
  if (text === null) return null;
  if (a.kind === 'search') {
    const searches = parseSearchText(text);
    return searches ? { tool: 'search', searches } : null;
  }
  if (a.kind !== 'visit') return null;
  const read = new Map(step.sources.map((s) => [s.url, s.title]));
  const pages = parseVisitFrames(text).map((f) => ({
    url: f.url,
    title: read.get(f.url) ?? '',
    ok: read.has(f.url),
    evidence: f.evidence,
    summary: f.summary,
  }));
  return { tool: 'visit', goal: a.goal, pages };
}
