import { memo } from 'preact/compat';
import { useCallback, useMemo, useState } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import type { LiveTurn } from '../session/session-state';
import type { Translate } from '../shared/translate';
import { LiveLine } from './live-line';
import { StepLine } from './step-line';
import { noteText } from './step-notes';

interface StepItemsProps {
  steps: readonly AgentStep[];
  expanded: ReadonlySet<number>;
  onToggle: (seq: number) => void;
  t: Translate;
  onRetry?: ((seq: number) => void) | undefined;
}

/**
 * The saved steps, memoized apart from the live line: while tokens stream only `live` changes, so
 * this part (200 items late in a long run) is skipped outright instead of diffed on every frame.
 * A steer note the model received shows right after the step it was attached to.
 */
const StepItems = memo(function StepItems({ steps, expanded, onToggle, t, onRetry }: StepItemsProps) {
  return (
    <>
      {steps.map((s) => (
        <li key={s.seq}>
          <StepLine step={s} t={t} expanded={expanded.has(s.seq)} onToggle={onToggle} onRetry={onRetry} />
          {s.notes
            .filter((n) => n.kind === 'steer')
            .map((n, i) => (
              <p class="trail-note" key={i} data-testid="trail-note">
                {noteText(n, t)}
              </p>
            ))}
        </li>
      ))}
    </>
  );
});

export function TrajectoryList({
  steps,
  live,
  t,
  onRetry,
  pendingNotes = [],
  answering = false,
}: {
  steps: readonly AgentStep[];
  live: LiveTurn | null;
  t: Translate;
  onRetry?: ((seq: number) => void) | undefined;
  /** Steer notes sent but not yet handed to the model (they go with the next tool result). */
  pendingNotes?: readonly string[];
  /** The user asked for the answer now: the next turn writes it. */
  answering?: boolean;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (seq: number) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (!next.delete(seq)) next.add(seq);
        return next;
      }),
    [],
  );
  // Built once per steps array, not per streamed frame: a set lookup instead of a scan of all steps.
  const seqs = useMemo(() => new Set(steps.map((s) => s.seq)), [steps]);
  return (
    <section class="trajectory" aria-label={t('trajectoryLabel')}>
      <ol class="steps">
        <StepItems steps={steps} expanded={expanded} onToggle={toggle} t={t} onRetry={onRetry} />
      </ol>
      {pendingNotes.map((n, i) => (
        <p class="trail-note pending" key={i} data-testid="trail-note">
          {t('noteSteerPending', n)}
        </p>
      ))}
      {/* Outside the list on purpose: its text grows every frame, and as the list's sibling it leaves
          the list's layout cached instead of re-run per frame. */}
      {live && !seqs.has(live.seq) ? (
        <div class="live-slot" key={`live-${live.seq}`}>
          <LiveLine live={live} answering={answering} t={t} />
        </div>
      ) : null}
    </section>
  );
}
