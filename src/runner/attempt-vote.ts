import type { AgentStep, CitedAnswer, ResearchResult } from '../agent/types';
import { ATTEMPT_WEIGHT } from './voting';

export interface Candidate {
  sessionId: string;
  text: string;
  citations: CitedAnswer | null;
  weight: number;
  answered: boolean;
}

/** What an attempt adds to the vote: its answer, or the last words of one that gave none. */
export function candidateOf(sessionId: string, r: ResearchResult | null): Candidate | null {
  if (!r) return null;
  if (r.status === 'answered' && r.answer !== null) {
    const weight = r.forced ? ATTEMPT_WEIGHT.forced : ATTEMPT_WEIGHT.answered;
    return { sessionId, text: r.answer, citations: r.citations, weight, answered: true };
  }
  const text = lastWords(r.steps[r.steps.length - 1]);
  if (!text) return null;
  return { sessionId, text, citations: null, weight: ATTEMPT_WEIGHT['no-answer'], answered: false };
}

/** A reply without `<answer>`: what it says after its thinking, else its thinking's last paragraph. */
function lastWords(step: AgentStep | undefined): string {
  if (!step || step.action.kind === 'search' || step.action.kind === 'visit') return '';
  const after = step.raw.slice(step.raw.lastIndexOf('</think>') + 1 || 0).replace(/<\/?[a-z_]+>/g, '');
  const said = step.raw.includes('</think>') ? after.trim() : '';
  const text = said || (step.think.split(/\n\s*\n/).pop() ?? '').trim();
  return text.slice(0, 1000);
}
