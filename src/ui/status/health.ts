import type { SystemStatus } from './use-system-status';

export type Health = 'ok' | 'busy' | 'idle' | 'down' | 'running';

/**
 * The one colour the health dot shows: red when something needed does not answer. `running`: a
 * research run goes on now — "Ready" beside a run in progress read as if nothing were happening.
 * A problem or a model load still wins: they say more than "researching".
 */
export function overallHealth(s: SystemStatus, running = false): Health {
  if (s.worker === 'down' || s.offscreen === 'down') return 'down';
  const e = s.engine;
  if (e?.state === 'error' || e?.server?.ok === false) return 'down';
  if (running && e?.state !== 'loading') return 'running';
  if (s.worker === 'checking' || s.offscreen === 'checking' || !e || e.state === 'loading') return 'busy';
  if (e.state === 'not-loaded') return 'idle';
  return 'ok';
}
