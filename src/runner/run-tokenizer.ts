import type { TokenCounter } from '../agent/deps';
import type { Settings } from '../settings/schema';

/** The counter for a run on these settings: the model's own where it ships, else the one given. */
export function withTokenizer(
  deps: { tokenizer?: TokenCounter; tokenizerFor?(settings: Settings): TokenCounter | undefined },
  settings: Settings,
): { tokenizer?: TokenCounter } {
  const tokenizer = deps.tokenizerFor?.(settings) ?? deps.tokenizer;
  return tokenizer ? { tokenizer } : {};
}
