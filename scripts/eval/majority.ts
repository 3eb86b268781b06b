import { voteAnswers } from '../../src/runner/voting';
import type { RunRow } from './run-row';

/**
 * Maj@K: Sleuth's own vote (the one the extension uses for several attempts) picks one answer among
 * a question's attempts; the question counts as correct when the picked attempt was judged correct.
 * Only attempts that answered take part, as in the extension. Null when no attempt answered.
 */
export function majorityPick(attempts: readonly RunRow[]): RunRow | null {
  const answered = attempts.filter((r) => r.correct !== null && (r.prediction ?? '').trim() !== '');
  if (answered.length === 0) return null;
  const vote = voteAnswers(
    answered.map((r) => ({ text: r.prediction ?? '', supportedShare: r.supportedShare })),
  );
  return answered[vote.winner] ?? null;
}

export function majorityCorrect(attempts: readonly RunRow[]): boolean {
  return majorityPick(attempts)?.correct === true;
}
