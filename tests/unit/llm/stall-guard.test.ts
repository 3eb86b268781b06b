import { describe, expect, it } from 'vitest';
import type { ChatEngine, ChatOptions } from '../../../src/llm/engine';
import { guardStalls } from '../../../src/llm/stall-guard';

/** An engine that streams `tokens`, then (on the tries listed in `stallOn`) goes silent until aborted. */
function silentEngine(stallOn: number[], tokens = ['a', 'b']) {
  let tries = 0;
  const engine: ChatEngine = {
    load: async () => {},
    unload: async () => {},
    info: () => ({ kind: 'scripted', modelId: 'm', loaded: true, contextWindow: 1000 }),
    async chat(_m, opts: ChatOptions) {
      tries += 1;
      for (const t of tokens) opts.onDelta?.(t);
      if (stallOn.includes(tries))
        await new Promise((_, reject) =>
          opts.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return { text: tokens.join(''), finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 2 } };
    },
  };
  return { engine, tries: () => tries };
}

const limits = { firstTokenMs: 200, idleMs: 50 };

describe('model replies cannot hang', () => {
  it('a reply that stalls mid-stream is tried once more and then succeeds', async () => {
    const { engine, tries } = silentEngine([1]);
    const r = await guardStalls(engine, limits).chat([], { maxTokens: 10 });
    expect(r.text).toBe('ab');
    expect(tries()).toBe(2);
  });

  it('a second stall ends in a clear timeout error the runner pauses on', async () => {
    const { engine, tries } = silentEngine([1, 2]);
    const err = await guardStalls(engine, limits)
      .chat([], { maxTokens: 10 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/stopped sending tokens/) });
    expect(tries()).toBe(2);
  });

  it('no first token at all is reported as such', async () => {
    const { engine } = silentEngine([1, 2], []);
    const err = await guardStalls(engine, limits)
      .chat([], { maxTokens: 10 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/no token/) });
  });

  it('Stop still aborts at once and is not retried', async () => {
    const { engine, tries } = silentEngine([1, 2]);
    const ctl = new AbortController();
    const pending = guardStalls(engine, { firstTokenMs: 60_000, idleMs: 60_000 }).chat([], {
      maxTokens: 10,
      signal: ctl.signal,
    });
    ctl.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(tries()).toBe(1);
  });
});
