import { delegateEngine } from './delegate-engine';
import type { ChatEngine, ChatMessage, ChatOptions, ChatResult } from './engine';
import {
  endlessReplyError,
  replyCharCap,
  type StallLimits,
  slowReplyError,
  stallError,
  watchForStall,
} from './stall-watch';

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
    // An endless reply (tokens keep coming) is no stall: it is stopped by its length or its time.
    let over: Error | null = null;
    const stopWith = (err: Error) => {
      over ??= err;
      inner.abort(err);
    };
    const replyMs = limits.replyMs ?? 15 * 60_000;
    const total = setTimeout(() => stopWith(slowReplyError(Math.round(replyMs / 60_000))), replyMs);
    const cap = replyCharCap(opts.maxTokens);
    let chars = 0;
    try {
      const result = await engine.chat(messages, {
        ...opts,
        signal: inner.signal,
        onDelta: (delta) => {
          firstToken = false;
          watch.touch();
          chars += delta.length;
          if (chars > cap) stopWith(endlessReplyError(cap));
          if (!over) opts.onDelta?.(delta);
        },
      });
      if (over && !outer?.aborted) throw over;
      if (watch.stalled && !outer?.aborted) return { stalled: true, firstToken };
      return { result };
    } catch (err) {
      if (over && !outer?.aborted) throw over;
      if (watch.stalled && !outer?.aborted) return { stalled: true, firstToken };
      throw err;
    } finally {
      clearTimeout(total);
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
  // A whole reply: 15 min from a server (a few thousand tokens at a slow 5 a second), 60 min from
  // a local engine (prefill of a long prompt on a slow device, then CPU-speed tokens).
  return kind === 'openai'
    ? { firstTokenMs: serverTimeoutMs + 5000, idleMs: serverTimeoutMs, replyMs: 15 * 60_000 }
    : { firstTokenMs: 600_000, idleMs: 120_000, replyMs: 60 * 60_000 };
}
