import { delegateEngine } from '../../src/llm/delegate-engine';
import type { ChatEngine, ChatMessage, ChatOptions, ChatResult } from '../../src/llm/engine';
import { EngineError } from '../../src/llm/engine';
import { type RetryPolicy, withRetry } from './retry';

/** Failures a later try may not meet: a busy, restarting or briefly unreachable server. */
const TRANSIENT = new Set<EngineError['code']>(['server-error', 'offline', 'timeout', 'bad-response']);

export function isTransientEngineError(err: unknown): boolean {
  return err instanceof EngineError && TRANSIENT.has(err.code);
}

/**
 * A model server that fails a request is asked again with backoff before the attempt is given up as
 * an error. Once a request has streamed text, its retry streams nothing to `onDelta`: the loop's
 * repetition guard must not see two samples glued together (it checks the final text anyway).
 */
export function retryingEngine(
  inner: ChatEngine,
  policy: RetryPolicy,
  onRetry?: (err: unknown, retry: number, delayMs: number) => void,
): ChatEngine {
  return {
    ...delegateEngine(inner),
    chat(messages: readonly ChatMessage[], opts: ChatOptions): Promise<ChatResult> {
      let streamed = false;
      let silent = false;
      return withRetry(
        () =>
          inner.chat(messages, {
            ...opts,
            onDelta: (delta) => {
              if (silent) return;
              streamed = true;
              opts.onDelta?.(delta);
            },
          }),
        {
          policy,
          retryable: isTransientEngineError,
          ...(opts.signal ? { signal: opts.signal } : {}),
          onRetry: (err, retry, delay) => {
            if (streamed) silent = true;
            onRetry?.(err, retry, delay);
          },
        },
      );
    },
  };
}
