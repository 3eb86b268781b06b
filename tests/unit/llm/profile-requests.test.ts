import type { RawCompletionChunk, RawCompletionParams } from '@wllama/wllama';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import type { AgentTools } from '../../../src/agent/deps';
import { runResearch } from '../../../src/agent/loop';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { grammarOfMode, withGrammar } from '../../../src/llm/grammar-engine';
import { OpenAiEngine } from '../../../src/llm/openai/openai-engine';
import type { WebLlmChunk, WebLlmModule, WebLlmRequest } from '../../../src/llm/webllm/types';
import { WebLlmEngine } from '../../../src/llm/webllm/webllm-engine';
import { WllamaEngine, type WllamaInstance, type WllamaModule } from '../../../src/llm/wllama/wllama-engine';
import { profileSettings } from '../../../src/runner/agent-settings';
import { liftWebLlmConversation, QWEN_TEMPLATE } from './webllm-conversation';

/** What each engine sends when the agent runs the dr-venus profile (one search, then an answer). */

const DR_VENUS = { ...profileSettings('dr-venus'), date: '2026-03-01', contextWindow: 32768 };
const THINK_1 = 'The user asks about Venus. I should search.\n</think>\n';
const CALL = '<tool_call>\n{"name": "search", "arguments": {"query": ["venus day length"]}}\n</tool_call>';
const THINK_2 = 'A day on Venus lasts 243 Earth days.\n</think>\n';
const ANSWER = '<answer>243 Earth days.</answer>';

const tools: AgentTools = {
  search: async (queries) =>
    queries.map((query) => ({
      query,
      hits: [{ title: 'Venus', url: 'https://example.org/venus', snippet: 'A day lasts 243 Earth days.' }],
    })),
  visit: async () => [],
};

let server: ScriptedModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

type Params = RawCompletionParams & { stream: true; onData: (c: RawCompletionChunk) => void };

function fakeWllama(replies: string[]) {
  const params: Params[] = [];
  const chunk = (text: string, finish: 'stop' | null = null): RawCompletionChunk => ({
    id: 'x',
    object: 'text_completion',
    created: 0,
    model: 'm',
    choices: [{ text, index: 0, finish_reason: finish, logprobs: null }],
  });
  const instance: WllamaInstance = {
    loadModelFromUrl: async () => undefined,
    async createCompletion(p) {
      params.push(p);
      p.onData(chunk(replies.shift() ?? ''));
      p.onData(chunk('', 'stop'));
    },
    getLoadedContextInfo: () => ({ n_ctx: 32768 }) as ReturnType<WllamaInstance['getLoadedContextInfo']>,
    exit: async () => undefined,
  };
  const mod = {
    Wllama: class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: the fake hands out one shared instance
        return instance;
      }
    },
  } as unknown as WllamaModule;
  return { mod, params };
}

describe('requests under the dr-venus profile', () => {
  it('wllama: the prompt ends with the generation prefix, history keeps it, the whole sampling recipe is sent', async () => {
    const f = fakeWllama([THINK_1 + CALL, THINK_2 + ANSWER]);
    const engine = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod });
    await engine.load('https://example.org/dr-venus.gguf');
    const result = await runResearch(
      { cite: citeAnswer, engine, tools },
      { question: 'How long is a day on Venus?', settings: DR_VENUS },
    );
    expect(result.answer).toBe('243 Earth days.');
    const [first, second] = f.params;
    const system = result.systemPrompt;
    expect(first?.prompt).toBe(
      `<|im_start|>system\n${system}<|im_end|>\n<|im_start|>user\nHow long is a day on Venus?<|im_end|>\n<|im_start|>assistant\n<think>\n`,
    );
    expect(first).toMatchObject({ temperature: 1, top_p: 0.95, top_k: 20, presence_penalty: 1.1 });
    expect(first?.stop).toEqual(['<tool_response>']);
    // The reply kept for history starts with the prefix the prompt gave it.
    expect(result.steps[0]?.raw).toBe(`<think>\n${THINK_1}${CALL}`);
    expect(String(second?.prompt)).toContain(
      `<|im_start|>assistant\n<think>\n${THINK_1}${CALL}<|im_end|>\n<|im_start|>user\n<tool_response>\n`,
    );
    expect(
      String(second?.prompt).endsWith('</tool_response><|im_end|>\n<|im_start|>assistant\n<think>\n'),
    ).toBe(true);
  });

  it('wllama: a grammar continues the thinking the prefix opened instead of opening it again', async () => {
    const f = fakeWllama([THINK_1 + CALL, THINK_2 + ANSWER]);
    const engine = withGrammar(
      new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod }),
      grammarOfMode('protocol'),
    );
    await engine.load('https://example.org/dr-venus.gguf');
    await runResearch({ cite: citeAnswer, engine, tools }, { question: 'q', settings: DR_VENUS });
    expect(f.params[0]?.grammar).toMatch(/^think ::= \[a-zA-Z\] text-char/m);
    await runResearch(
      { cite: citeAnswer, engine, tools },
      { question: 'q', settings: { ...DR_VENUS, generationPrefix: '' } },
    );
    expect(f.params.at(-1)?.grammar).toMatch(/^think ::= "<think>\\n" \[a-zA-Z\]/m);
  });

  it('web-llm: its template writes the prefix, and the history it is sent back matches its cache', async () => {
    const requests: WebLlmRequest[] = [];
    let convConfig: object | undefined;
    const replies = [THINK_1 + CALL, THINK_2 + ANSWER];
    const mod = {
      prebuiltAppConfig: { model_list: [] },
      MLCEngine: class {
        async reload(_id: string, opts?: { conv_config?: object }) {
          convConfig = opts?.conv_config;
        }
        chat = {
          completions: {
            create: async (req: WebLlmRequest): Promise<AsyncIterable<WebLlmChunk>> => {
              requests.push(structuredClone(req));
              const text = replies.shift() ?? '';
              return (async function* () {
                yield { choices: [{ delta: { content: text }, finish_reason: 'stop' }] };
              })();
            },
          },
        };
        interruptGenerate() {}
        async unload() {}
      },
      hasModelInCache: async () => true,
      deleteModelAllInfoInCache: async () => undefined,
    } as unknown as WebLlmModule;
    (globalThis as { navigator?: unknown }).navigator ??= {};
    (globalThis.navigator as { gpu?: unknown }).gpu = {};
    const engine = new WebLlmEngine({ loadModule: async () => mod, generationPrefix: '<think>\n' });
    await engine.load('DR-Venus-4B-q4f16_1-MLC');
    const result = await runResearch(
      { cite: citeAnswer, engine, tools },
      { question: 'How long is a day on Venus?', settings: DR_VENUS },
    );
    expect(result.answer).toBe('243 Earth days.');
    expect(result.steps[0]?.raw).toBe(`<think>\n${THINK_1}${CALL}`);
    expect(requests[0]).toMatchObject({ temperature: 1, top_p: 0.95, presence_penalty: 1.1 });

    // What web-llm's own conversation code makes of these requests with the template override.
    const web = liftWebLlmConversation();
    const chatConfig = { conv_template: QWEN_TEMPLATE, conv_config: convConfig };
    const prompt = (req: WebLlmRequest) => {
      const conv = web.getConversationFromChatCompletionRequest(req, chatConfig);
      const last = req.messages[req.messages.length - 1];
      conv.appendMessage('user', last?.content ?? '');
      conv.appendReplyHeader('assistant');
      return { conv, text: conv.getPromptArray().join('') };
    };
    const one = prompt(requests[0] as WebLlmRequest);
    expect(
      one.text.endsWith(
        '<|im_start|>user\nHow long is a day on Venus?<|im_end|>\n<|im_start|>assistant\n<think>\n',
      ),
    ).toBe(true);
    const two = prompt(requests[1] as WebLlmRequest);
    expect(two.text).toContain(`<|im_start|>assistant\n<think>\n${THINK_1}${CALL}<|im_end|>\n`);
    expect(two.text.endsWith('<|im_start|>assistant\n<think>\n')).toBe(true);
    // web-llm keeps its own reply (without the prefix the header wrote) and reuses its KV cache
    // only if the next request's history equals that conversation.
    one.conv.finishReply(THINK_1 + CALL);
    const next = web.getConversationFromChatCompletionRequest(requests[1] as WebLlmRequest, chatConfig);
    expect(web.compareConversationObject(one.conv, next)).toBe(true);
  });

  it('OpenAI-compatible: the request body carries the whole sampling recipe', async () => {
    server = await startScriptedModelServer({ turns: [`<think>\n${THINK_1}${CALL}`, THINK_2 + ANSWER] });
    const engine = new OpenAiEngine({ baseUrl: server.url, contextWindow: 32768 });
    await engine.load('dr-venus-4b');
    const result = await runResearch(
      { cite: citeAnswer, engine, tools },
      { question: 'How long is a day on Venus?', settings: DR_VENUS },
    );
    expect(result.answer).toBe('243 Earth days.');
    const chats = server.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chats[0]?.body).toEqual({
      model: 'dr-venus-4b',
      messages: [
        { role: 'system', content: result.systemPrompt },
        { role: 'user', content: 'How long is a day on Venus?' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 15_000,
      temperature: 1,
      top_p: 0.95,
      top_k: 20,
      presence_penalty: 1.1,
      stop: ['<tool_response>'],
    });
  });

  it('OpenAI-compatible: reasoning streamed apart comes back inside <think> in history and in the step', async () => {
    server = await startScriptedModelServer({
      turns: [
        { reasoning: 'The user asks about Venus. I should search.', text: `\n\n${CALL}` },
        { reasoning: 'A day on Venus lasts 243 Earth days.', reasoningField: 'reasoning', text: ANSWER },
      ],
    });
    const engine = new OpenAiEngine({ baseUrl: server.url, contextWindow: 32768 });
    await engine.load('dr-venus-4b');
    const deltas: string[] = [];
    const result = await runResearch(
      { cite: citeAnswer, engine, tools },
      { question: 'How long is a day on Venus?', settings: DR_VENUS },
      { onEvent: (e) => e.type === 'delta' && e.seq === 0 && deltas.push(e.text) },
    );
    expect(result.answer).toBe('243 Earth days.');
    const raw = `<think>\nThe user asks about Venus. I should search.\n</think>\n\n${CALL}`;
    expect(result.steps[0]?.raw).toBe(raw);
    expect(deltas.join('')).toBe(raw);
    expect(result.steps[0]?.think).toBe('The user asks about Venus. I should search.');
    expect(result.steps[1]?.think).toBe('A day on Venus lasts 243 Earth days.');
    const chats = server.requests.filter((r) => r.path === '/v1/chat/completions');
    const history = chats[1]?.body?.messages as Array<{ role: string; content: string }>;
    expect(history[2]).toEqual({ role: 'assistant', content: raw });
  });
});
