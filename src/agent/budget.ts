import type { ChatMessage } from '../llm/engine';
import { estimateTokens } from '../llm/token-estimate';
import type { TokenCounter } from './deps';

/** ChatML framing per message: `<|im_start|>role\n` … `<|im_end|>\n`. */
export const MESSAGE_OVERHEAD = 5;
/** The generation prompt `<|im_start|>assistant\n`. */
export const REPLY_PREFIX = 3;

export { estimateTokens };

/**
 * Counts tokens per message content, cached: the conversation is mostly the same strings every
 * turn, so each is counted once. `scale` corrects estimates upward when the engine reports more.
 */
export class TokenMeter {
  private readonly cache = new Map<string, number>();
  private scale = 1;

  constructor(private readonly counter: ((text: string) => number | Promise<number>) | null) {}

  static from(
    tokenizer: TokenCounter | undefined,
    engineCount?: (text: string) => Promise<number>,
  ): TokenMeter {
    if (tokenizer) return new TokenMeter((t) => tokenizer.count(t));
    if (engineCount) return new TokenMeter(engineCount);
    return new TokenMeter(null);
  }

  async text(text: string): Promise<number> {
    const hit = this.cache.get(text);
    if (hit !== undefined) return hit;
    let n: number;
    try {
      n = this.counter ? await this.counter(text) : estimateTokens(text);
    } catch {
      n = estimateTokens(text);
    }
    this.cache.set(text, n);
    return n;
  }

  async message(m: ChatMessage): Promise<number> {
    return (await this.text(m.content)) + MESSAGE_OVERHEAD;
  }

  /** Prompt tokens of a request, with the correction factor applied. */
  async prompt(messages: readonly ChatMessage[]): Promise<number> {
    let sum = REPLY_PREFIX;
    for (const m of messages) sum += await this.message(m);
    return Math.ceil(sum * this.scale);
  }

  /**
   * Learns from the engine's own prompt count (a server's `usage.prompt_tokens`). An estimate is
   * corrected both ways: it runs 12–31 % above Qwen3's real count on the DR-Venus trajectories, and
   * a budget kept that far high cuts runs early; the factor follows the latest report, within
   * 0.5–2. An exact counter is only corrected upward (the chat template's tokens it cannot see).
   */
  correct(measured: number, reported: number | undefined): void {
    if (!reported || measured <= 0) return;
    const ratio = reported / (measured / this.scale);
    const next = this.counter ? Math.max(this.scale, ratio) : ratio;
    this.scale = Math.min(2, Math.max(0.5, next));
  }

  /** Frees counts of strings no longer sent (after a fold). */
  retain(messages: readonly ChatMessage[]): void {
    if (this.cache.size < 4096) return;
    const keep = new Set(messages.map((m) => m.content));
    for (const key of this.cache.keys()) if (!keep.has(key)) this.cache.delete(key);
  }
}

/**
 * Tokens an engine must prefill when it reuses the longest common message prefix of what it holds
 * (previous request plus its reply) — how web-llm and llama.cpp's prompt cache behave.
 */
export async function prefillTokens(
  meter: TokenMeter,
  held: readonly ChatMessage[] | null,
  next: readonly ChatMessage[],
): Promise<number> {
  let common = 0;
  if (held) {
    while (
      common < held.length &&
      common < next.length &&
      held[common]?.role === next[common]?.role &&
      held[common]?.content === next[common]?.content
    ) {
      common++;
    }
  }
  let sum = REPLY_PREFIX;
  for (let i = common; i < next.length; i++) {
    const m = next[i];
    if (m) sum += await meter.message(m);
  }
  return sum;
}
