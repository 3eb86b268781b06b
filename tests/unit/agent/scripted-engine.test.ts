import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';

describe('ScriptedEngine', () => {
  it('streams in chunks, stops before a stop string, reports usage and prefill', async () => {
    const engine = new ScriptedEngine(['abcdefgh<tool_response>zzz', 'next'], {
      chunkSize: 3,
      countTokens: (s) => s.length,
    });
    const deltas: string[] = [];
    const msgs = [{ role: 'user' as const, content: 'hello' }];
    const r = await engine.chat(msgs, {
      maxTokens: 100,
      stop: ['<tool_response>'],
      onDelta: (d) => deltas.push(d),
    });
    expect(r).toMatchObject({
      text: 'abcdefgh',
      finishReason: 'stop',
      usage: { promptTokens: 13, completionTokens: 8 },
    });
    expect(deltas).toEqual(['abc', 'def', 'gh']);
    const r2 = await engine.chat(
      [...msgs, { role: 'assistant', content: 'abcdefgh' }, { role: 'user', content: 'more' }],
      {
        maxTokens: 2,
      },
    );
    expect(r2).toMatchObject({ text: 'ne', finishReason: 'length', usage: { prefillTokens: 4 + 5 + 3 } });
  });

  it('rejects with AbortError when aborted mid-stream', async () => {
    const engine = new ScriptedEngine(['x'.repeat(100)], { chunkSize: 10 });
    const ctl = new AbortController();
    const seen: string[] = [];
    const p = engine.chat([], {
      maxTokens: 1000,
      signal: ctl.signal,
      onDelta: (d) => {
        seen.push(d);
        if (seen.length === 2) ctl.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(2);
  });
});
