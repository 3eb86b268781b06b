import type { RawCompletionChunk, RawCompletionParams } from '@wllama/wllama';
import { describe, expect, it } from 'vitest';
import { engineFailure } from '../../../src/agent/loop-run';
import { wllamaChatError } from '../../../src/llm/wllama/errors';
import { VALID_TEXT_GRAMMAR } from '../../../src/llm/wllama/unreadable-reply';
import type { WllamaInstance, WllamaModule } from '../../../src/llm/wllama/wllama-engine';
import { WllamaEngine } from '../../../src/llm/wllama/wllama-engine';

type Params = RawCompletionParams & { stream: true; onData: (c: RawCompletionChunk) => void };

/** What wllama 3.13 rejects with when llama.cpp's reply chunk is not UTF-8 ("GLUE" read as a length). */
const unreadable = () =>
  Object.assign(new Error('Invalid typed array length: 1163217991'), { name: 'RuntimeError' });

/** Each request streams its pieces, then fails unreadable or ends with usage. */
function scripted(tries: { pieces: string[]; fails?: boolean }[]) {
  const params: Params[] = [];
  const instance: WllamaInstance = {
    loadModelFromUrl: async () => {},
    async createCompletion(p) {
      params.push(p);
      const t = tries[params.length - 1] ?? { pieces: [] };
      const chunk = (text: string, finish: 'stop' | null = null): RawCompletionChunk => ({
        id: 'x',
        object: 'text_completion',
        created: 0,
        model: 'm',
        choices: [{ text, index: 0, finish_reason: finish, logprobs: null }],
      });
      for (const piece of t.pieces) p.onData(chunk(piece));
      if (t.fails) throw unreadable();
      p.onData({
        ...chunk('', 'stop'),
        usage: { prompt_tokens: 40, completion_tokens: t.pieces.length, total_tokens: 0 },
      });
    },
    getLoadedContextInfo: () => ({ n_ctx: 4096 }) as ReturnType<WllamaInstance['getLoadedContextInfo']>,
    exit: async () => {},
  };
  // `new` on a plain function returns the object it returns: one shared instance.
  const mod = {
    Wllama: function FakeWllama() {
      return instance;
    },
  } as unknown as WllamaModule;
  return { mod, params };
}

const MODEL = 'https://example.org/m.gguf';

async function loaded(tries: { pieces: string[]; fails?: boolean }[]) {
  const f = scripted(tries);
  const engine = new WllamaEngine({ wasmUrl: '/w.wasm', loadModule: async () => f.mod });
  await engine.load(MODEL);
  return { engine, params: f.params };
}

describe('a wllama reply with bytes that are not UTF-8', () => {
  it('goes on from the text streamed so far, held to whole characters, and the step succeeds', async () => {
    const { engine, params } = await loaded([
      { pieces: ['Hello', ' wor'], fails: true },
      { pieces: ['ld', '.'] },
    ]);
    const deltas: string[] = [];
    const r = await engine.chat([{ role: 'user', content: 'Q' }], {
      maxTokens: 20,
      seed: 7,
      onDelta: (d) => deltas.push(d),
    });
    expect(r.text).toBe('Hello world.');
    expect(deltas.join('')).toBe('Hello world.');
    expect(r.finishReason).toBe('stop');
    expect(params).toHaveLength(2);
    expect(params[0]?.grammar).toBeUndefined();
    expect(params[1]?.prompt).toBe(`${params[0]?.prompt}Hello wor`);
    expect(params[1]).toMatchObject({ grammar: VALID_TEXT_GRAMMAR, seed: 7, max_tokens: 17 });
    // Two streamed tokens and the unreadable one, then two more; the prompt count would include the reply.
    expect(r.usage).toMatchObject({ completionTokens: 5, promptTokens: 0 });
    expect(engine.info().loaded).toBe(true);
  });

  it('ends at max_tokens when the failed tries used them up', async () => {
    const { engine, params } = await loaded([{ pieces: ['a', 'b'], fails: true }]);
    const r = await engine.chat([{ role: 'user', content: 'Q' }], { maxTokens: 3 });
    expect(r).toMatchObject({ text: 'ab', finishReason: 'length', usage: { completionTokens: 3 } });
    expect(params).toHaveLength(1);
  });

  it('fails with its own code, keeping the model, when it cannot be continued', async () => {
    // Under the caller's grammar (it cannot resume mid-reply), or after three continuations.
    const grammar = await loaded([{ pieces: ['x'], fails: true }]);
    const underGrammar = grammar.engine.chat([{ role: 'user', content: 'Q' }], {
      maxTokens: 20,
      grammar: 'root ::= "x"+',
    });
    await expect(underGrammar).rejects.toMatchObject({
      code: 'bad-response',
      info: { code: 'model-reply-unreadable', params: { model: MODEL } },
    });
    expect(grammar.engine.info().loaded).toBe(true);

    const always = await loaded(Array.from({ length: 5 }, () => ({ pieces: ['y'], fails: true })));
    const err = await always.engine.chat([{ role: 'user', content: 'Q' }], { maxTokens: 20 }).catch((e) => e);
    expect(always.params).toHaveLength(4);
    expect(engineFailure(err).info).toEqual({ code: 'model-reply-unreadable', params: { model: MODEL } });
    expect(always.engine.info().loaded).toBe(true);
  });

  it('is told apart from a damaged file, which reads as another absurd length', () => {
    expect(wllamaChatError(unreadable(), 'm')).toMatchObject({
      unload: false,
      error: { code: 'bad-response', info: { code: 'model-reply-unreadable' } },
    });
    const damaged = wllamaChatError(new RangeError('Invalid typed array length: 3735928559'), 'm');
    expect(damaged).toMatchObject({ unload: true, error: { info: { code: 'model-load-failed' } } });
  });
});
