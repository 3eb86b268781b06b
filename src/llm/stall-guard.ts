import { delegateEngine } from './delegate-engine';
import type { ChatEngine, ChatMessage, ChatOptions, ChatResult } from './engine';
import { type StallLimits, stallError, watchForStall } from './stall-watch';

/**
 * An engine whose replies cannot hang: a request that sends no token for the stall limits is
 * aborted and tried once more; a second stall is an EngineError ('timeout') the runner pauses on.
 * Deltas of the stalled try were already shown: `onRestart` tells the caller to drop them before
 * the retry streams its own.
 */
export function guardStalls(engine: ChatEngine, limits: StallLimits): ChatEngine {
  type Try = { result: ChatResult } | { stalled: true; firstToken: boolean };

  const attempt = async (messages: readonly ChatMessage[], opts: ChatOptions): Promise<Try> => {
    const inner = new AbortController();
    const outer = opts.signal;
    const relay = () => inner.abort(outer?.reason);
    if (outer?.aborted) relay();
    outer?.addEventListener('abort', relay, { once: true });
    let firstToken = true;
    const watch = watchForStall(limits, () => inner.abort(new Error('The model stopped sending tokens.')));
    try {
      const result = await engine.chat(messages, {
        ...opts,
        signal: inner.signal,
        onDelta: (delta) => {
          firstToken = false;
          watch.touch();
          opts.onDelta?.(delta);
        },
      });
      if (watch.stalled && !outer?.aborted) return { stalled: true, firstToken };
      return { result };
    } catch (err) {
      if (watch.stalled && !outer?.aborted) return { stalled: true, firstToken };
      throw err;
    } finally {
      watch.stop();
      outer?.removeEventListener('abort', relay);
    }
  };

  return {
    ...delegateEngine(engine),
    async chat(messages, opts) {
      const first = await attempt(messages, opts);
      if ('result' in first) return first.result;
      opts.onRestart?.(
        first.firstToken
          ? 'The model sent no token; asked again.'
          : 'The model stopped sending tokens; asked again.',
      );
      const second = await attempt(messages, opts);
      if ('result' in second) return second.result;
      const ms = second.firstToken ? limits.firstTokenMs : limits.idleMs;
      throw stallError(Math.round(ms / 1000), second.firstToken);
    },
  };
}

/**
 * How long a model may stay silent. A model server gets `openaiFirstByteTimeoutMs` (60 s unless the
 * stored settings say otherwise; the Options page has no field for it) for both the first token and
 * every later gap (its first-byte timer, a little shorter, speaks first).
 * Local engines prefill long prompts on slow devices before their first token: 10 minutes, then 2.
 */
export function stallLimitsFor(kind: 'openai' | 'local', serverTimeoutMs: number): StallLimits {
  return kind === 'openai'
    ? { firstTokenMs: serverTimeoutMs + 5000, idleMs: serverTimeoutMs }
    : { firstTokenMs: 600_000, idleMs: 120_000 };
}
