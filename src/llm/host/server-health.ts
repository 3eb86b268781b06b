import type { RunError } from '../../errors/run-error';
import type { EngineStatus } from './engine-status';

export interface ServerCheck {
  ok: boolean;
  message?: string;
  hint?: string;
  info?: RunError;
}

/**
 * Whether the model server answers, asked at most once per `ttlMs` per server: the panel polls the
 * status every few seconds and a remote server should not see a request each time.
 */
export function createServerHealth(deps: {
  check(baseUrl: string, signal: AbortSignal): Promise<ServerCheck>;
  now: () => number;
  ttlMs?: number;
  timeoutMs?: number;
}) {
  const ttl = deps.ttlMs ?? 15_000;
  let last: { key: string; at: number; result: Promise<ServerCheck> } | null = null;
  return {
    /** The status with `server` filled in, for a model-server engine; other engines pass through. */
    async annotate(status: EngineStatus, baseUrl: string, fresh = false): Promise<EngineStatus> {
      if (status.engine !== 'openai') return status;
      const at = deps.now();
      if (fresh || !last || last.key !== baseUrl || at - last.at > ttl) {
        const signal = AbortSignal.timeout(deps.timeoutMs ?? 4000);
        last = {
          key: baseUrl,
          at,
          result: deps.check(baseUrl, signal).catch((e: unknown) => ({
            ok: false,
            message: e instanceof Error ? e.message : String(e),
          })),
        };
      }
      const server = await last.result;
      return { ...status, server };
    },
  };
}
