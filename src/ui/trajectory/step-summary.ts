import type { AgentStep } from '../../agent/types';
import { domainOf } from '../../export/domain';

export type CardKind = 'search' | 'visit' | 'answer' | 'invalid';

export const kindOf = (step: AgentStep): CardKind => step.action.kind;

/** A one-line description of a step for compact rows and accessible names. */
export function stepSummary(step: AgentStep): string {
  const a = step.action;
  switch (a.kind) {
    case 'search':
      return a.query.join(' · ');
    case 'visit':
      return a.url.map((u) => domainOf(u) || u).join(', ');
    case 'answer':
      return a.text.replace(/\s+/g, ' ').slice(0, 120);
    case 'invalid':
      return a.message;
  }
}
