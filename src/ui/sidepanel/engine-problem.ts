import type { SystemStatus } from '../status/use-system-status';

/**
 * The engine's problem in the words the engine notice shows it (ask/engine-notice.tsx), if it shows
 * one, so the session below can say "see above" instead of repeating it.
 */
export function engineProblemOf(status: SystemStatus): string | undefined {
  const engine = status.engine;
  if (engine?.state === 'error') return engine.error?.message;
  const server = engine?.engine === 'openai' ? engine.server : undefined;
  return server?.ok === false ? server.message : undefined;
}
