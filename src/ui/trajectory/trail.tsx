import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AgentStats, AgentStep } from '../../agent/types';
import type { LiveTurn } from '../session/session-state';
import type { Translate } from '../shared/translate';
import { LiveLine } from './live-line';
import { StatsHeader } from './stats-header';
import { TrajectoryList } from './trajectory-list';

/** Distinct pages read successfully over the whole trail. */
function pagesRead(steps: readonly AgentStep[]): number {
  const urls = new Set<string>();
  for (const s of steps) for (const p of s.sources) urls.add(p.url);
  return urls.size;
}

/**
 * Step lines on screen: the finished ones plus the turn being written (or the one a stop cut off),
 * which already shows its number. Counting only finished steps said "2 steps" above a "3 Thinking…".
 */
function linesShown(steps: readonly AgentStep[], live: LiveTurn | null, partial: LiveTurn | null): number {
  const seqs = new Set(steps.map((s) => s.seq));
  const extra = [live, partial].filter((turn) => turn !== null && !seqs.has(turn.seq));
  return steps.length + new Set(extra.map((turn) => turn?.seq)).size;
}

/**
 * The research trail behind an answer: one line ("12 steps · 5 searches · 4 pages") that opens to
 * a line per step and the run's figures. Open while the run goes or when it ended without an
 * answer; folded as soon as the answer is there, so the answer is what the panel shows.
 */
export function Trail({
  steps,
  live,
  partial,
  stats,
  statsAt,
  running,
  answered,
  pendingNotes,
  answering,
  onRetry,
  t,
}: {
  steps: readonly AgentStep[];
  live: LiveTurn | null;
  partial: { turn: LiveTurn; how: 'stopped' | 'failed' } | null;
  stats: AgentStats;
  statsAt: number;
  running: boolean;
  answered: boolean;
  pendingNotes: readonly string[];
  answering: boolean;
  onRetry?: ((seq: number) => void) | undefined;
  t: Translate;
}) {
  // Folded the moment the answer shows, not when the run has finished saving it a little later.
  const wantOpen = !answered;
  const [open, setOpen] = useState(wantOpen);
  useEffect(() => setOpen(wantOpen), [wantOpen]);
  const pages = useMemo(() => pagesRead(steps), [steps]);
  const searches = stats.searches;
  const shown = linesShown(steps, live, partial?.turn ?? null);
  // Rebuilt only when the stats or the count change: the memoized figures skip streamed frames.
  const figures = useMemo(() => (stats.steps >= shown ? stats : { ...stats, steps: shown }), [stats, shown]);
  if (steps.length === 0 && !live && !partial) return null;
  return (
    <details
      class="trail"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      data-testid="trail"
    >
      <summary data-testid="trail-summary">
        {[
          t(shown === 1 ? 'trailStep' : 'trailSteps', String(shown)),
          t(searches === 1 ? 'trailSearch' : 'trailSearches', String(searches)),
          t(pages === 1 ? 'trailPage' : 'trailPages', String(pages)),
        ].join(' · ')}
      </summary>
      <TrajectoryList
        steps={steps}
        live={live}
        t={t}
        onRetry={onRetry}
        pendingNotes={pendingNotes}
        answering={answering}
      />
      {partial ? <LiveLine live={partial.turn} answering={false} cut={partial.how} t={t} /> : null}
      <StatsHeader stats={figures} running={running} since={statsAt} t={t} />
    </details>
  );
}
