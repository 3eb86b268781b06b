import { useCallback, useState } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import type { LiveTurn } from '../session/session-state';
import type { Translate } from '../shared/translate';
import { CompactStep } from './compact-step';
import { LiveCard } from './live-card';
import { StepCard } from './step-card';

/** Steps rendered in full at the end of the list; earlier ones collapse to one line each. */
export const FULL_WINDOW = 40;

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
  return (
    <section class="trajectory" aria-label={t('trajectoryLabel')}>
      {firstFull > 0 ? (
        <button type="button" class="link" onClick={() => setShowAll(true)}>
          {t('trajectoryShowAll', String(steps.length))}
        </button>
      ) : null}
      <ol class="steps">
        {steps.map((s, i) => (
          <li key={s.seq}>
            {i < firstFull && !expanded.has(s.seq) ? (
              <CompactStep step={s} t={t} onExpand={() => expand(s.seq)} />
            ) : (
              <StepCard step={s} t={t} onRetry={onRetry} />
            )}
          </li>
        ))}
        {live && !steps.some((s) => s.seq === live.seq) ? (
          <li key={`live-${live.seq}`}>
            <LiveCard live={live} t={t} />
          </li>
        ) : null}
      </ol>
    </section>
  );
}
