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
  return seedStepFromPages([page], goal, at, 'The user is reading this page; I will read it first.');
}

/** A first step that reads pages the user handed over (or an earlier answer cited), in the visit format. */
export function seedStepFromPages(
  pages: readonly SeedPage[],
  goal: string,
  at: number,
  think: string,
): AgentStep {
  const url = pages.map((p) => p.url);
  const call = { name: 'visit' as const, arguments: { url, goal } };
  const raw = `<think>\n${think}\n</think>\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>`;
  const read: VisitResult[] = pages.map((page) => ({
    url: page.url,
    title: page.title,
    ok: true,
    evidence: page.evidence,
    summary: page.summary,
    readAt: at,
    via: 'open-tab',
  }));
  const observation = formatVisitObservation(read, goal);
  return {
    seq: 0,
    status: 'done',
    raw,
    think,
    action: { kind: 'visit', url, goal },
    call,
    observation,
    result: { tool: 'visit', goal, pages: read },
    notes: [],
    duplicateOf: null,
    sources: pages.map((p) => ({ url: p.url, title: p.title })),
    fold: { digestBefore: 0, dropBefore: 0 },
    folded: false,
    attempts: 1,
    startedAt: at,
    finishedAt: at,
    tokens: { prompt: 0, completion: 0, reply: 0, prefill: 0 },
  };
}

/**
 * What the model has seen of the user's own data: pages read from the user's tabs (the page handed
 * over, its selection in the goal, and sites read with their sign-ins). Outgoing queries and URLs
 * must not carry it (src/security/private-text.ts); recomputed from the steps when a run resumes.
 */
export function privateTextOf(steps: readonly AgentStep[]): string[] {
  const out: string[] = [];
  for (const step of steps) {
    if (step.result?.tool !== 'visit') continue;
    const own = step.result.pages.filter((p) => p.ok && p.via === 'open-tab');
    if (own.length === 0) continue;
    out.push(step.result.goal);
    for (const p of own) out.push(p.title, p.evidence, p.summary);
  }
  return out;
}
