import type { RawCompletionChunk, RawCompletionParams } from '@wllama/wllama';
import type { ChatUsage } from '../engine';
import type { WllamaInstance } from './native';
import { isUnreadableReply, VALID_TEXT_GRAMMAR } from './unreadable-reply';

/** Continuations after an unreadable chunk, per reply; a trained model needs one at most. */
const MAX_CONTINUATIONS = 3;

export interface ReplyRequest {
  /** Everything before the reply: the ChatML prompt and any prefix the reply starts with. */
  prompt: string;
  maxTokens: number;
  /** The caller's grammar, if any. */
  grammar?: string;
  /** Sampling, stop strings and seed, passed through as they are. */
  sampling: Omit<RawCompletionParams, 'prompt' | 'max_tokens' | 'grammar' | 'stream'>;
  signal: AbortSignal;
  onChunk: (chunk: RawCompletionChunk) => void;
}

export interface StreamedReply {
  last: RawCompletionChunk | null;
  /** Tokens sampled by tries that failed on an unreadable chunk; 0 when the first try ended. */
  tokensBefore: number;
  /** Those tries used up max_tokens, so the reply ends where it was (finish reason: length). */
  exhausted: boolean;
}

/**
 * Streams one reply. When wllama fails it because llama.cpp sampled bytes that are not UTF-8
 * (unreadable-reply.ts), the text streamed so far stands and the reply goes on from there, under a
 * grammar that admits only whole characters, instead of the step failing. A caller's grammar cannot
 * be resumed mid-reply, so such a reply fails as it is (a grammar of characters never gets there).
 */
export async function streamReply(instance: WllamaInstance, req: ReplyRequest): Promise<StreamedReply> {
  let text = '';
  let tokensBefore = 0;
  for (let continuation = 0; ; continuation++) {
    const grammar = continuation > 0 ? VALID_TEXT_GRAMMAR : req.grammar;
    const seen: { last: RawCompletionChunk | null; chunks: number } = { last: null, chunks: 0 };
    try {
      await instance.createCompletion({
        ...req.sampling,
        prompt: req.prompt + text,
        stream: true,
        max_tokens: req.maxTokens - tokensBefore,
        ...(grammar ? { grammar } : {}),
        abortSignal: req.signal,
        onData: (chunk) => {
          seen.last = chunk;
          const piece = chunk.choices[0]?.text;
          if (piece) {
            seen.chunks++;
            text += piece;
          }
          req.onChunk(chunk);
        },
      });
      return { last: seen.last, tokensBefore, exhausted: false };
    } catch (err) {
      const resumable = !req.grammar && !req.signal.aborted && continuation < MAX_CONTINUATIONS;
      if (!resumable || !isUnreadableReply(err)) throw err;
      // Each streamed chunk is at least one token, and the unreadable one was sampled as well.
      tokensBefore += seen.chunks + 1;
      if (tokensBefore >= req.maxTokens) return { last: null, tokensBefore, exhausted: true };
    }
  }
}

/**
 * A continued reply's usage: its tokens are the earlier tries' and the last one's; the last try's
 * prompt held the earlier text, so its prompt count is not the conversation's and is left out.
 */
export function continuedUsage(usage: ChatUsage, reply: StreamedReply): ChatUsage {
  if (reply.tokensBefore === 0) return usage;
  const last = reply.last ? usage.completionTokens : 0;
  return { ...usage, promptTokens: 0, completionTokens: last + reply.tokensBefore };
}
