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

/** A stable colour per domain, so the same site gets the same avatar across a run. */
export function avatarHue(domain: string): number {
  let h = 0;
  for (const ch of domain) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

export function avatarLetter(domain: string): string {
  const first = domain.replace(/^www\./, '').match(/[\p{L}\p{N}]/u)?.[0];
  return (first ?? '?').toUpperCase();
}
