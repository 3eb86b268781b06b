/**
 * web-llm 0.2.86's own conversation code (not exported by the package), lifted out of its bundle so
 * tests can check what prompt it builds and when it reuses its KV cache, with its real logic.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface WebLlmConversation {
  messages: unknown[];
  getPromptArray(): Array<string | unknown[]>;
  appendReplyHeader(role: string): void;
  appendMessage(role: string, message: string): void;
  finishReply(message: string): void;
}

interface Lifted {
  getConversation(template: object, config?: object): WebLlmConversation;
  getConversationFromChatCompletionRequest(
    request: { messages: Array<{ role: string; content: string }> },
    chatConfig: { conv_template: object; conv_config?: object },
  ): WebLlmConversation;
  compareConversationObject(a: WebLlmConversation, b: WebLlmConversation): boolean;
}

/** MLC's `qwen2` conversation template, which the Qwen3 and DR-Venus MLC builds use. */
export const QWEN_TEMPLATE = {
  name: 'qwen2',
  system_template: '<|im_start|>system\n{system_message}<|im_end|>\n',
  system_message: 'You are a helpful assistant.',
  roles: { user: '<|im_start|>user', assistant: '<|im_start|>assistant' },
  role_templates: { user: '{user_message}', assistant: '{assistant_message}', tool: '{tool_message}' },
  seps: ['<|im_end|>\n'],
  role_content_sep: '\n',
  role_empty_sep: '\n',
  stop_str: ['<|endoftext|>', '<|im_end|>'],
  stop_token_ids: [151643, 151645],
  system_prefix_token_ids: [],
  add_role_after_system_message: true,
};

function slice(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`web-llm bundle changed: ${from} … ${to} not found`);
  return text.slice(start, end);
}

export function liftWebLlmConversation(): Lifted {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(require.resolve('@mlc-ai/web-llm/lib/index.js'), 'utf8');
  const code = [
    slice(bundle, 'var Role;', 'const DefaultLogLevel'),
    slice(bundle, 'var MessagePlaceholders;', 'function postInitAndCheckGenerationConfigValues'),
    slice(bundle, 'class Conversation {', 'function audioError('),
  ].join('\n');
  const defined = new Set([...code.matchAll(/class (\w+)/g)].map((m) => m[1]));
  const errors = [...new Set([...code.matchAll(/new (\w+(?:Error|Prompt))\(/g)].map((m) => m[1]))].filter(
    (name): name is string => !!name && !defined.has(name),
  );
  const stubs = errors.map((name) => `class ${name} extends Error {}`).join('\n');
  const body = `${stubs}\n${code}\nreturn { getConversation, getConversationFromChatCompletionRequest, compareConversationObject };`;
  return new Function(body)() as Lifted;
}
