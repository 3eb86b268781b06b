import type { ChatMessage } from './engine';

/**
 * ChatML prompt built by us rather than by the GGUF's Jinja template: templates differ between
 * conversions (Qwen3 templates drop the thinking of replies before the last question and write
 * `</think>\n\n` where the model wrote `</think>\n` in later ones, some add a system prompt), and
 * DR-Venus needs the history sent back byte-for-byte so prefix caching works and the behaviour is
 * the same for every GGUF, including the tiny test model. tests/e2e/twin-template-wllama.e2e.ts
 * holds these differences to what llama.cpp renders from the twin's template, token for token.
 */
export function toChatMlPrompt(messages: readonly ChatMessage[]): string {
  let prompt = '';
  for (const m of messages) prompt += `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`;
  return `${prompt}<|im_start|>assistant\n`;
}
