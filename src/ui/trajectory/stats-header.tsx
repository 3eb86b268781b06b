import { memo } from 'preact/compat';
import { useEffect, useState } from 'preact/hooks';
import type { AgentStats } from '../../agent/types';
import type { Translate } from '../shared/translate';
import { statItems } from './format-stats';

/**
 * Elapsed time ticks while running: stats events come once per step, which can be minutes apart.
 * `since` is when the last stats figure was taken.
 */
function StatsHeaderImpl({
  stats,
  running,
  since,
  t,
}: {
  stats: AgentStats;
  running: boolean;
  since: number;
  t: Translate;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  const elapsed = stats.elapsedMs + (running ? Math.max(0, now - since) : 0);
  return (
    <dl class="stats" data-testid="stats" aria-label={t('statsLabel')}>
      {statItems(stats, elapsed).map((s) => (
        <div key={s.key} data-stat={s.key} title={s.title ? t(s.title.key, s.title.subs) : undefined}>
          <dt>{t(s.label)}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Memoized: the session view re-renders on every streamed frame, and these props rarely change. */
export const StatsHeader = memo(StatsHeaderImpl);
