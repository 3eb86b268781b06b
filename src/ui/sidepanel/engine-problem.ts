import type { RunError } from '../../errors/run-error';
import type { SystemStatus } from '../status/use-system-status';

/**
 * The engine's problem the engine notice shows (ask/engine-notice.tsx), as data, if it shows one,
 * so the session below can say "see above" instead of repeating it.
 */
export function engineProblemOf(status: SystemStatus): RunError | undefined {
  const engine = status.engine;
  if (engine?.state === 'error') return engine.error?.info;
  const server = engine?.engine === 'openai' ? engine.server : undefined;
  return server?.ok === false ? server.info : undefined;
}
