import { describe, expect, it } from 'vitest';
import { withRetry } from '../../../scripts/eval/retry';
import { retryingEngine } from '../../../scripts/eval/retrying-engine';
import type { ChatEngine, ChatOptions } from '../../../src/llm/engine';
import { EngineError } from '../../../src/llm/engine';

const noWait = async () => undefined;

describe('retries with backoff', () => {
  it('waits twice as long after each failure, up to the limit, then gives the last error', async () => {
    const waits: number[] = [];
    let tries = 0;
    const run = withRetry(
      async () => {
        tries++;
        throw new Error(`fail ${tries}`);
      },
      {
        policy: { retries: 3, baseDelayMs: 100, maxDelayMs: 250 },
        retryable: () => true,
        wait: async (ms) => {
          waits.push(ms);
        },
      },
    );
    await expect(run).rejects.toThrow('fail 4');
    expect(waits).toEqual([100, 200, 250]);
  });

  it('does not retry what cannot succeed, nor an abort', async () => {
    let tries = 0;
    const fail = async () => {
      tries++;
      throw new DOMException('stop', 'AbortError');
    };
    await expect(
      withRetry(fail, { policy: { retries: 3, baseDelayMs: 0 }, retryable: () => true, wait: noWait }),
    ).rejects.toThrow('stop');
    expect(tries).toBe(1);
  });
});

function flakyEngine(failures: EngineError[], text = 'hello'): ChatEngine & { calls: number } {
  const engine = {
    calls: 0,
    async load() {},
    async unload() {},
    info: () => ({ kind: 'scripted' as const, modelId: 'm', loaded: true, contextWindow: 1000 }),
    async chat(_m: unknown, opts: ChatOptions) {
      engine.calls++;
      opts.onDelta?.('he');
      const f = failures.shift();
      if (f) throw f;
      opts.onDelta?.('llo');
      return { text, finishReason: 'stop' as const, usage: { promptTokens: 1, completionTokens: 1 } };
    },
  };
  return engine;
}

describe('a model server that fails a request', () => {
  it('is asked again; the retried stream is not shown twice', async () => {
    const inner = flakyEngine([
      new EngineError('server-error', 'HTTP 500'),
      new EngineError('offline', 'refused'),
    ]);
    const deltas: string[] = [];
    const retries: number[] = [];
    const engine = retryingEngine(inner, { retries: 3, baseDelayMs: 0 }, (_e, n) => retries.push(n));
    const r = await engine.chat([], { maxTokens: 10, onDelta: (d) => deltas.push(d) });
    expect(r.text).toBe('hello');
    expect(inner.calls).toBe(3);
    expect(retries).toEqual([1, 2]);
    // The first try streamed "he" before failing; later tries stream nothing.
    expect(deltas).toEqual(['he']);
  });

  it('is not asked again for a wrong key or model', async () => {
    const inner = flakyEngine([new EngineError('unauthorized', 'HTTP 401')]);
    await expect(
      retryingEngine(inner, { retries: 3, baseDelayMs: 0 }).chat([], { maxTokens: 1 }),
    ).rejects.toThrow('HTTP 401');
    expect(inner.calls).toBe(1);
  });
});
