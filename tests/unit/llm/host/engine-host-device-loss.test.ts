import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../../scripts/lib/scripted-engine';
import { EngineError } from '../../../../src/llm/engine';
import { createEngineHost, type EngineChoice } from '../../../../src/llm/host/engine-host';
import type { EngineStatus } from '../../../../src/llm/host/engine-status';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';

describe('engine host', () => {
  it('forgets an engine whose GPU device was lost, so the next run loads the model again', async () => {
    let created = 0;
    let lose = true;
    const choice: EngineChoice = {
      key: 'k',
      kind: 'web-llm',
      modelId: 'm',
      profile: 'general',
      create: () => {
        created += 1;
        const engine = new ScriptedEngine(['<answer>ok</answer>']);
        const chat = engine.chat.bind(engine);
        engine.chat = async (messages, opts) => {
          if (lose) throw new EngineError('device-lost', 'The GPU device was lost.', 'Press Continue.');
          return chat(messages, opts);
        };
        return engine;
      },
    };
    const statuses: EngineStatus[] = [];
    const host = createEngineHost({ choose: async () => choice, onStatus: (s) => statuses.push(s) });
    const first = await host.ensure(DEFAULT_SETTINGS);
    await expect(first.chat([{ role: 'user', content: 'q' }], { maxTokens: 8 })).rejects.toThrow(/lost/);
    expect(host.status()).toMatchObject({ state: 'not-loaded', modelId: 'm' });
    lose = false;
    const second = await host.ensure(DEFAULT_SETTINGS);
    expect(created).toBe(2);
    expect((await second.chat([{ role: 'user', content: 'q' }], { maxTokens: 8 })).text).toContain('ok');
    // Other failures leave the loaded engine in place.
    await expect(second.chat([], { maxTokens: 8, signal: AbortSignal.abort() })).rejects.toThrow();
    await host.ensure(DEFAULT_SETTINGS);
    expect(created).toBe(2);
  });
});
