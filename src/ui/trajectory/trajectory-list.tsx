import { memo } from 'preact/compat';
import { useCallback, useMemo, useState } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import type { LiveTurn } from '../session/session-state';
import type { Translate } from '../shared/translate';
import { CompactStep } from './compact-step';
import { LiveCard } from './live-card';
import { StepCard } from './step-card';

/** Steps rendered in full at the end of the list; earlier ones collapse to one line each. */
export const FULL_WINDOW = 40;

interface StepItemsProps {
  steps: readonly AgentStep[];
  firstFull: number;
  expanded: ReadonlySet<number>;
  onExpand: (seq: number) => void;
  t: Translate;
  onRetry?: ((seq: number) => void) | undefined;
}

/**
 * The saved steps, memoized apart from the live card: while tokens stream only `live` changes, so
 * this part (200 items late in a long run) is skipped outright instead of diffed on every frame.
 * Every prop is stable between step events (`onExpand` takes the seq so no per-item closure).
 */
const StepItems = memo(function StepItems({
  steps,
  firstFull,
  expanded,
  onExpand,
  t,
  onRetry,
}: StepItemsProps) {
  return (
    <>
      {steps.map((s, i) => (
        <li key={s.seq}>
          {i < firstFull && !expanded.has(s.seq) ? (
            <CompactStep step={s} t={t} onExpand={onExpand} />
          ) : (
            <StepCard step={s} t={t} onRetry={onRetry} />
          )}
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
}: {
  steps: readonly AgentStep[];
  live: LiveTurn | null;
  t: Translate;
  onRetry?: ((seq: number) => void) | undefined;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const expand = useCallback((seq: number) => setExpanded((s) => new Set(s).add(seq)), []);
  const firstFull = showAll ? 0 : Math.max(0, steps.length - FULL_WINDOW);
  // Built once per steps array, not per streamed frame: a set lookup instead of a scan of all steps.
  const seqs = useMemo(() => new Set(steps.map((s) => s.seq)), [steps]);
  return (
    <section class="trajectory" aria-label={t('trajectoryLabel')}>
      {firstFull > 0 ? (
        <button type="button" class="link" onClick={() => setShowAll(true)}>
          {t('trajectoryShowAll', String(steps.length))}
        </button>
      ) : null}
      <ol class="steps">
        <StepItems
          steps={steps}
          firstFull={firstFull}
          expanded={expanded}
          onExpand={expand}
          t={t}
          onRetry={onRetry}
        />
      </ol>
      {/* Outside the list on purpose: its text grows every frame, and as the list's sibling it leaves
          the list's layout (a grid of every step) cached instead of re-run per frame. */}
      {live && !seqs.has(live.seq) ? (
        <div class="live-slot" key={`live-${live.seq}`}>
          <LiveCard live={live} t={t} />
        </div>
      ) : null}
    </section>
  );
}
