import { type Voter, voteAttempts } from '../../src/runner/attempt-vote';
import { ATTEMPT_WEIGHT } from '../../src/runner/voting';
import type { RunRow } from './run-row';

/**
 * Maj@K: the extension's own Attempts vote (src/runner/attempt-vote.ts) picks one answer among a
 * question's attempts, with its weights: an answer the model chose 1, a forced one 0.5, the last
 * words of an attempt that gave none 0.25 (they may tip a vote between answers, never win alone).
 * The question counts as correct when the picked attempt was judged correct. Null when no attempt
 * gave a judged answer.
 */
export function majorityPick(attempts: readonly RunRow[]): RunRow | null {
  const voters: Voter[] = [];
  const rows: RunRow[] = [];
  for (const r of attempts) {
    const text = (r.prediction ?? '').trim();
    if (r.correct !== null && text !== '') {
      const weight = r.forced ? ATTEMPT_WEIGHT.forced : ATTEMPT_WEIGHT.answered;
      voters.push({ text: r.prediction ?? '', supportedShare: r.supportedShare, weight, answered: true });
    } else if (text === '' && r.lastWords) {
      voters.push({
        text: r.lastWords,
        supportedShare: 0,
        weight: ATTEMPT_WEIGHT['no-answer'],
        answered: false,
      });
    } else continue;
    rows.push(r);
  }
  const vote = voteAttempts(voters);
  return vote ? (rows[vote.winner] ?? null) : null;
}

export function majorityCorrect(attempts: readonly RunRow[]): boolean {
  return majorityPick(attempts)?.correct === true;
}
