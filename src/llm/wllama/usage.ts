import type { RawCompletionChunk } from '@wllama/wllama';
import type { ChatResult } from '../engine';

export interface GenerationClock {
  /** Text chunks streamed (the token count when wllama reports no usage). */
  chunks: number;
  started: number;
  /** When the first text chunk arrived; 0 when none did. */
  firstAt: number;
  ended: number;
}

/**
 * Token counts and speeds of one completion, from the usage and timings wllama puts on its last
 * chunk; without timings, decode speed is measured from the first streamed chunk (prefill excluded).
 */
export function usageOf(last: RawCompletionChunk | null, clock: GenerationClock): ChatResult['usage'] {
  const usage = last?.usage ?? null;
  const timings = last?.timings ?? null;
  const completionTokens = usage?.completion_tokens ?? clock.chunks;
  const decodeSeconds = (clock.ended - (clock.firstAt || clock.started)) / 1000;
  return {
    promptTokens: usage?.prompt_tokens ?? 0,
    completionTokens,
    ...(timings ? { prefillTokens: timings.prompt_n } : {}),
    ...(timings?.prompt_per_second ? { prefillTokensPerSecond: timings.prompt_per_second } : {}),
    decodeTokensPerSecond:
      timings?.predicted_per_second ??
      (decodeSeconds > 0 ? Math.max(0, completionTokens - 1) / decodeSeconds : 0),
  };
}
