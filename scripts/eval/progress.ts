import type { RunRow } from './run-row';

/**
 * Progress of an eval run for the terminal: questions and attempts done (earlier runs into the same
 * directory included), accuracy so far over judged attempts, and time left estimated from the pace
 * of the attempts run in this process.
 */

export interface ProgressState {
  totalAttempts: number;
  totalQuestions: number;
  doneAttempts: number;
  doneQuestions: number;
  judged: number;
  correct: number;
  errors: number;
  /** Attempts finished by this process, and when it started. */
  ranHere: number;
  startedAt: number;
}

export class ProgressTracker {
  private readonly perQuestion = new Map<string, number>();
  readonly state: ProgressState;

  constructor(
    private readonly attempts: number,
    questionKeys: readonly string[],
    earlier: Iterable<RunRow>,
    startedAt: number,
  ) {
    this.state = {
      totalAttempts: questionKeys.length * attempts,
      totalQuestions: questionKeys.length,
      doneAttempts: 0,
      doneQuestions: 0,
      judged: 0,
      correct: 0,
      errors: 0,
      ranHere: 0,
      startedAt,
    };
    const wanted = new Set(questionKeys);
    // Earlier failures are run again, so only completed attempts count as done.
    for (const row of earlier) if (row.correct !== null && wanted.has(questionKey(row))) this.count(row);
  }

  /** A row recorded by this process. */
  add(row: RunRow): void {
    this.state.ranHere++;
    this.count(row);
  }

  private count(row: RunRow): void {
    const s = this.state;
    if (row.correct === null) {
      s.errors++;
      return;
    }
    s.judged++;
    if (row.correct) s.correct++;
    s.doneAttempts++;
    const key = questionKey(row);
    const n = (this.perQuestion.get(key) ?? 0) + 1;
    this.perQuestion.set(key, n);
    if (n === this.attempts) s.doneQuestions++;
  }
}

export const questionKey = (r: Pick<RunRow, 'window' | 'id'>) => `${r.window}\u0000${r.id}`;

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Seconds left at the pace of this process so far; null before the first attempt finished. */
export function secondsLeft(s: ProgressState, now: number): number | null {
  if (s.ranHere === 0) return null;
  const perAttempt = (now - s.startedAt) / 1000 / s.ranHere;
  return perAttempt * Math.max(0, s.totalAttempts - s.doneAttempts);
}

export function formatProgress(s: ProgressState, now: number, width = 24): string {
  const share = s.totalAttempts ? s.doneAttempts / s.totalAttempts : 1;
  const filled = Math.round(share * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  const acc = s.judged ? `${((s.correct / s.judged) * 100).toFixed(1)}%` : '–';
  const left = secondsLeft(s, now);
  const parts = [
    `${bar} ${s.doneQuestions}/${s.totalQuestions} questions`,
    `${s.doneAttempts}/${s.totalAttempts} attempts`,
    `accuracy ${acc}`,
  ];
  if (s.errors) parts.push(`${s.errors} failed`);
  parts.push(left === null ? 'time left –' : `${formatDuration(left)} left`);
  return parts.join(' · ');
}
