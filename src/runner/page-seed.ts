import { formatVisitObservation } from '../agent/observation-format';
import type { VisitResult } from '../agent/step-result';
import type { AgentStep } from '../agent/types';

export interface SeedPage {
  url: string;
  title: string;
  evidence: string;
  summary: string;
}

/**
 * "Research this page" starts from the page the user is on: it becomes the run's first step, a visit
 * whose observation is that page, so the model reads it before planning any search.
 */
export function seedStepFromPage(page: SeedPage, goal: string, at: number): AgentStep {
  const call = { name: 'visit' as const, arguments: { url: [page.url], goal } };
  const raw = `<think>\nThe user is reading this page; I will read it first.\n</think>\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>`;
  const read: VisitResult = {
    url: page.url,
    title: page.title,
    ok: true,
    evidence: page.evidence,
    summary: page.summary,
    readAt: at,
    via: 'open-tab',
  };
  const observation = formatVisitObservation([read], goal);
  return {
    seq: 0,
    status: 'done',
    raw,
    think: 'The user is reading this page; I will read it first.',
    action: { kind: 'visit', url: [page.url], goal },
    call,
    observation,
    result: { tool: 'visit', goal, pages: [read] },
    notes: [],
    duplicateOf: null,
    sources: [{ url: page.url, title: page.title }],
    fold: { digestBefore: 0, dropBefore: 0 },
    folded: false,
    attempts: 1,
    startedAt: at,
    finishedAt: at,
    tokens: { prompt: 0, completion: 0, reply: 0, prefill: 0 },
  };
}
