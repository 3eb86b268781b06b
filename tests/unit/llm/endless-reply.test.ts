import { describe, expect, it } from 'vitest';
import type { ChatEngine, ChatOptions } from '../../../src/llm/engine';
import { guardStalls } from '../../../src/llm/stall-guard';

/**
 * A hostile or broken model server that ignores max_tokens: it streams a token every `everyMs`
 * forever, never silent long enough to look stalled, until the request is aborted.
 */
function endlessEngine(everyMs: number, token = 'spam ') {
  let sent = 0;
  const engine: ChatEngine = {
    load: async () => {},
    unload: async () => {},
    info: () => ({ kind: 'scripted', modelId: 'm', loaded: true, contextWindow: 1000 }),
    chat: (_m, opts: ChatOptions) =>
      new Promise((_, reject) => {
        const timer = setInterval(() => {
          sent += 1;
          opts.onDelta?.(token);
        }, everyMs);
        opts.signal?.addEventListener('abort', () => {
          clearInterval(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  };
  return { engine, sent: () => sent };
}

describe('a reply that streams forever ends with a clear message', () => {
  it('past its length: stopped, not retried, and the panel is not fed the rest', async () => {
    const { engine, sent } = endlessEngine(0, 'x'.repeat(500));
    let shown = 0;
    const err = await guardStalls(engine, { firstTokenMs: 5000, idleMs: 5000 })
      .chat([], { maxTokens: 100, onDelta: (d) => (shown += d.length) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/ran past 5,296 characters without ending/),
    });
    expect(shown).toBeLessThanOrEqual(5296);
    const at = sent();
    await new Promise((r) => setTimeout(r, 30));
    expect(sent()).toBe(at);
  });

  it('past its time, a token at a time under the stall limit: stopped with a message', async () => {
    const { engine } = endlessEngine(10, 'a');
    const started = performance.now();
    const err = await guardStalls(engine, { firstTokenMs: 1000, idleMs: 1000, replyMs: 300 })
      .chat([], { maxTokens: 1_000_000 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/still streaming after/) });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('Stop still wins over both', async () => {
    const { engine } = endlessEngine(5);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const err = await guardStalls(engine, { firstTokenMs: 1000, idleMs: 1000 })
      .chat([], { maxTokens: 1_000_000, signal: stop.signal })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
  });
});
