import type { SystemStatus } from './use-system-status';

export type Health = 'ok' | 'busy' | 'idle' | 'down';

/** The one colour the health dot shows: red when something needed does not answer. */
export function overallHealth(s: SystemStatus): Health {
  if (s.worker === 'down' || s.offscreen === 'down') return 'down';
  const e = s.engine;
  if (e?.state === 'error' || e?.server?.ok === false) return 'down';
  if (s.worker === 'checking' || s.offscreen === 'checking' || !e || e.state === 'loading') return 'busy';
  if (e.state === 'not-loaded') return 'idle';
  return 'ok';
}
