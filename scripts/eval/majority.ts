import { ATTEMPT_WEIGHT, voteAnswers } from '../../src/runner/voting';
import type { RunRow } from './run-row';

/**
 * Maj@K: Sleuth's own vote (the one the extension uses for several attempts) picks one answer among
 * a question's attempts; the question counts as correct when the picked attempt was judged correct.
 * Only attempts that answered take part, weighted as the extension weighs them (a forced answer
 * half). Null when no attempt answered.
 */
export function majorityPick(attempts: readonly RunRow[]): RunRow | null {
  const answered = attempts.filter((r) => r.correct !== null && (r.prediction ?? '').trim() !== '');
  if (answered.length === 0) return null;
  const vote = voteAnswers(
    // The Attempts vote's weights: an answer forced out of the model counts half.
    answered.map((r) => ({
      text: r.prediction ?? '',
      supportedShare: r.supportedShare,
      weight: r.forced ? ATTEMPT_WEIGHT.forced : ATTEMPT_WEIGHT.answered,
    })),
  );
  return answered[vote.winner] ?? null;
}

export function majorityCorrect(attempts: readonly RunRow[]): boolean {
  return majorityPick(attempts)?.correct === true;
}
