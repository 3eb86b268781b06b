import { abortError, isAbortError } from '../../src/llm/abort';

export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** Wait before the first retry; doubles after each. */
  baseDelayMs: number;
  /** Longest single wait. */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 2000, maxDelayMs: 30_000 };

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal.reason));
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError(signal?.reason));
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

export function backoffDelay(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.maxDelayMs ?? Number.POSITIVE_INFINITY, policy.baseDelayMs * 2 ** retry);
}

/**
 * Calls `fn` until it succeeds, waiting longer after each failure that `retryable` accepts. An
 * abort is never retried. The last error is thrown as is.
 */
export async function withRetry<T>(
  fn: (tryNumber: number) => Promise<T>,
  opts: {
    policy: RetryPolicy;
    retryable: (err: unknown) => boolean;
    signal?: AbortSignal;
    wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
    onRetry?: (err: unknown, retry: number, delayMs: number) => void;
  },
): Promise<T> {
  const wait = opts.wait ?? sleep;
  for (let retry = 0; ; retry++) {
    try {
      return await fn(retry + 1);
    } catch (err) {
      if (opts.signal?.aborted || isAbortError(err)) throw err;
      if (retry >= opts.policy.retries || !opts.retryable(err)) throw err;
      const delay = backoffDelay(opts.policy, retry);
      opts.onRetry?.(err, retry + 1, delay);
      await wait(delay, opts.signal);
    }
  }
}
