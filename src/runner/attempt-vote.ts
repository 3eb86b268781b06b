import type { AgentStep, CitedAnswer, ResearchResult } from '../agent/types';
import { ATTEMPT_WEIGHT, supportedShareOf, type VoteResult, voteAnswers } from './voting';

/** What one attempt brings to the vote over a question's attempts. */
export interface VoteEntry {
  text: string;
  citations: CitedAnswer | null;
  weight: number;
  /** False for the last words of an attempt that gave no answer. */
  answered: boolean;
}

export interface Candidate extends VoteEntry {
  sessionId: string;
}

/** What an attempt adds to the vote: its answer, or the last words of one that gave none. */
export function voteEntryOf(r: ResearchResult | null): VoteEntry | null {
  if (!r) return null;
  if (r.status === 'answered' && r.answer !== null) {
    const weight = r.forced ? ATTEMPT_WEIGHT.forced : ATTEMPT_WEIGHT.answered;
    return { text: r.answer, citations: r.citations, weight, answered: true };
  }
  const text = lastWords(r.steps[r.steps.length - 1]);
  if (!text) return null;
  return { text, citations: null, weight: ATTEMPT_WEIGHT['no-answer'], answered: false };
}

export function candidateOf(sessionId: string, r: ResearchResult | null): Candidate | null {
  const entry = voteEntryOf(r);
  return entry ? { sessionId, ...entry } : null;
}

/** A reply without `<answer>`: what it says after its thinking, else its thinking's last paragraph. */
function lastWords(step: AgentStep | undefined): string {
  if (!step || step.action.kind === 'search' || step.action.kind === 'visit') return '';
  const end = step.raw.lastIndexOf('</think>');
  const said =
    end < 0
      ? ''
      : step.raw
          .slice(end + '</think>'.length)
          .replace(/<\/?[a-z_]+>/g, '')
          .trim();
  const text = said || (step.think.split(/\n\s*\n/).pop() ?? '').trim();
  return text.slice(0, 1000);
}

/** One voter: a VoteEntry, or the same with its support share already worked out (the eval's rows). */
export type Voter = Pick<VoteEntry, 'text' | 'weight' | 'answered'> &
  ({ citations: CitedAnswer | null } | { supportedShare: number });

export interface AttemptsVote {
  /** Index of the winning voter in the list given; always one that answered. */
  winner: number;
  /** How many voters of the last round agreed with the winner, the winner included. */
  agreeing: number;
}

/**
 * The Attempts vote: a weighted vote over every attempt's words. Last words may tip a vote between
 * answers but never make an answer on their own: when they win a round, their cluster is set aside
 * and the rest vote again. Null when no voter answered.
 */
export function voteAttempts(voters: readonly Voter[]): AttemptsVote | null {
  let round = voters.map((v, i) => ({ v, i }));
  while (round.some((c) => c.v.answered)) {
    const vote: VoteResult = voteAnswers(
      round.map(({ v }) => ({
        text: v.text,
        supportedShare: 'supportedShare' in v ? v.supportedShare : supportedShareOf(v.citations),
        weight: v.weight,
      })),
    );
    const won = round[vote.winner];
    if (won?.v.answered) return { winner: won.i, agreeing: vote.agreeing.length };
    const lost = new Set(vote.agreeing);
    round = round.filter((_, k) => !lost.has(k));
  }
  return null;
}
