import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../../scripts/lib/scripted-engine';
import type { ChatEngine, ChatResult } from '../../../../src/llm/engine';
import {
  addSample,
  createSpeedBook,
  runsOnOf,
  type SpeedRecords,
  speedKey,
} from '../../../../src/llm/host/decode-speed';
import { createEngineHost, type EngineChoice } from '../../../../src/llm/host/engine-host';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';

const reply = (completionTokens: number, decodeTokensPerSecond: number, finish = 'stop'): ChatResult => ({
  text: 'x',
  finishReason: finish as ChatResult['finishReason'],
  usage: { promptTokens: 10, completionTokens, decodeTokensPerSecond },
});

function memoryStore() {
  let saved: unknown;
  return {
    read: async () => saved,
    write: async (r: SpeedRecords) => {
      saved = JSON.parse(JSON.stringify(r));
    },
    raw: () => saved,
  };
}

const cpu = { kind: 'wllama', modelId: 'DR-Venus-4B Q4_K_M', runsOn: 'cpu' as const, threads: 2 };

describe('decode speed kept per model and hardware', () => {
  it('tells a software GPU from a real one and from the CPU', () => {
    expect(runsOnOf('cpu', { software: true })).toBe('cpu');
    expect(runsOnOf('webgpu', { software: true })).toBe('software-gpu');
    expect(runsOnOf('webgpu', { software: false })).toBe('gpu');
  });

  it('keys a speed by engine, model, hardware and threads; a model server has none', () => {
    expect(speedKey(cpu)).not.toBe(speedKey({ ...cpu, threads: 4 }));
    expect(speedKey(cpu)).not.toBe(speedKey({ ...cpu, runsOn: 'gpu' }));
    expect(speedKey({ kind: 'openai', modelId: 'qwen3:4b', runsOn: 'cpu' })).toBeNull();
    expect(speedKey({ kind: 'wllama', modelId: 'm' })).toBeNull();
  });

  it('weighs replies by their tokens and lets old ones fade past the window', () => {
    const a = addSample(undefined, 100, 10, 1);
    const b = addSample(a, 300, 2, 2);
    // 400 tokens in 10 + 150 s.
    expect(b.tokens / b.seconds).toBeCloseTo(400 / 160);
    let slow = b;
    for (let i = 0; i < 20; i++) slow = addSample(slow, 500, 20, 3 + i);
    expect(slow.tokens / slow.seconds).toBeGreaterThan(18);
  });

  it('records completed replies only, and reads back what it kept', async () => {
    const store = memoryStore();
    const book = createSpeedBook(store, () => 5);
    expect(await book.measured(cpu)).toBeUndefined();
    await book.record(cpu, reply(2, 50));
    await book.record(cpu, reply(40, 50, 'abort'));
    await book.record(cpu, reply(40, 0));
    expect(await book.measured(cpu)).toBeUndefined();
    await book.record(cpu, reply(40, 4));
    expect(await book.measured(cpu)).toBeCloseTo(4);
    expect(await book.measured({ ...cpu, threads: 1 })).toBeUndefined();
    await book.record({ kind: 'openai', modelId: 'qwen3:4b' }, reply(40, 30));
    expect(Object.keys(store.raw() as object)).toHaveLength(1);
  });

  it('treats what storage holds that is not a speed as nothing measured', async () => {
    const book = createSpeedBook({ read: async () => ({ x: 'nonsense' }), write: async () => undefined });
    expect(await book.measured(cpu)).toBeUndefined();
  });
});

/** A loaded model that answers every request with 32 tokens at `tps` tokens a second. */
function choiceAt(tps: number, runsOn: EngineChoice['runsOn'], calls: string[]): EngineChoice {
  return {
    key: `k${tps}${runsOn}`,
    kind: 'wllama',
    modelId: 'm',
    profile: 'dr-venus',
    runsOn,
    threads: 2,
    create: (): ChatEngine => {
      const engine = new ScriptedEngine(['hello']);
      return Object.assign(engine, {
        chat: async (messages: Parameters<ChatEngine['chat']>[0]) => {
          calls.push(messages.at(-1)?.content ?? '');
          return reply(32, tps);
        },
      });
    },
  };
}

describe('the engine host measures a model it loads', () => {
  it('probes once after the first load on the CPU, before saying ready, then keeps each reply', async () => {
    const store = memoryStore();
    const speeds = createSpeedBook(store);
    const calls: string[] = [];
    const choice = choiceAt(3, 'cpu', calls);
    const states: string[] = [];
    const host = createEngineHost({
      choose: async () => choice,
      onStatus: (s) => states.push(s.state),
      speeds,
    });
    const engine = await host.ensure(DEFAULT_SETTINGS);
    expect(calls).toHaveLength(1);
    expect(states.at(-1)).toBe('ready');
    expect(await host.measuredSpeed(choice)).toBeCloseTo(3);
    await engine.chat([{ role: 'user', content: 'q' }], { maxTokens: 64 });
    expect(calls).toHaveLength(2);
    // Loaded again: the speed is known, no second probe.
    await host.unload();
    await host.ensure(DEFAULT_SETTINGS);
    expect(calls).toHaveLength(2);
  });

  it('does not probe a model on a real GPU (nothing to warn about) until it runs', async () => {
    const speeds = createSpeedBook(memoryStore());
    const calls: string[] = [];
    const choice = choiceAt(40, 'gpu', calls);
    const host = createEngineHost({ choose: async () => choice, onStatus: () => undefined, speeds });
    const engine = await host.ensure(DEFAULT_SETTINGS);
    expect(calls).toHaveLength(0);
    expect(await host.measuredSpeed(choice)).toBeUndefined();
    await engine.chat([{ role: 'user', content: 'q' }], { maxTokens: 64 });
    expect(await host.measuredSpeed(choice)).toBeCloseTo(40);
  });

  it('loads the model again when the probe failed so badly that the engine let it go', async () => {
    const engine = new ScriptedEngine(['hello']);
    let loads = 0;
    const load = engine.load.bind(engine);
    let loaded = false;
    const choice: EngineChoice = {
      key: 'k',
      kind: 'wllama',
      modelId: 'm',
      profile: 'general',
      runsOn: 'cpu',
      create: () =>
        Object.assign(engine, {
          load: async (id: string) => {
            loads += 1;
            loaded = true;
            return load(id);
          },
          info: () => ({ kind: 'wllama' as const, modelId: 'm', loaded, contextWindow: 4096 }),
          chat: async () => {
            loaded = false;
            throw new Error('Invalid typed array length: 1163217991');
          },
        }),
    };
    const host = createEngineHost({
      choose: async () => choice,
      onStatus: () => undefined,
      speeds: createSpeedBook(memoryStore()),
    });
    const ready = await host.ensure(DEFAULT_SETTINGS);
    expect(loads).toBe(2);
    expect(ready.info().loaded).toBe(true);
    expect(host.status().state).toBe('ready');
  });
});
