import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { runResearch } from '../../../src/agent/loop';
import { requestSeed } from '../../../src/agent/request-seed';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatMessage, ChatOptions } from '../../../src/llm/engine';
import { answer, fakeTools, search } from './helpers';

/** A scripted engine that notes the seed each request carried. */
class SeedRecordingEngine extends ScriptedEngine {
  readonly seeds: Array<number | undefined> = [];
  override chat(messages: readonly ChatMessage[], options: ChatOptions) {
    this.seeds.push(options.seed);
    return super.chat(messages, options);
  }
}

// Two unusable replies, each re-sampled: four requests over two steps.
const script = ['no tags at all', search('x'), 'still no tags', answer('42')];

async function run(seed: { base: number; attempt: number } | undefined) {
  const engine = new SeedRecordingEngine(script);
  const result = await runResearch(
    { cite: citeAnswer, engine, tools: fakeTools() },
    { question: 'q', settings: { contextWindow: 32768, ...(seed ? { seed } : {}) } },
  );
  return { engine, result };
}

describe('request seeds', () => {
  it('every request of a seeded run, re-samples included, carries its own seed', async () => {
    const { engine, result } = await run({ base: 7, attempt: 1 });
    expect(result.status).toBe('answered');
    expect(engine.seeds).toHaveLength(4);
    expect(new Set(engine.seeds).size).toBe(4);
    expect(engine.seeds).toEqual([
      requestSeed({ base: 7, attempt: 1 }, 0, 1),
      requestSeed({ base: 7, attempt: 1 }, 0, 2),
      requestSeed({ base: 7, attempt: 1 }, 1, 1),
      requestSeed({ base: 7, attempt: 1 }, 1, 2),
    ]);
    // Each step records the seed of the reply it kept, so the run can be replayed exactly.
    expect(result.steps.map((s) => s.seed)).toEqual([engine.seeds[1], engine.seeds[3]]);
  });

  it('the same base and attempt give the same seeds; another attempt or base gives others', async () => {
    const a = (await run({ base: 7, attempt: 1 })).engine.seeds;
    const again = (await run({ base: 7, attempt: 1 })).engine.seeds;
    const attempt2 = (await run({ base: 7, attempt: 2 })).engine.seeds;
    const base8 = (await run({ base: 8, attempt: 1 })).engine.seeds;
    expect(again).toEqual(a);
    for (const other of [attempt2, base8]) expect(other.some((s, i) => s === a[i])).toBe(false);
  });

  it('an unseeded run sends no seed (the extension leaves sampling to the engine)', async () => {
    const { engine, result } = await run(undefined);
    expect(engine.seeds).toEqual([undefined, undefined, undefined, undefined]);
    expect(result.steps.every((s) => s.seed === undefined)).toBe(true);
  });

  it('seeds stay within 0 .. 2^31 - 1', () => {
    for (let step = 0; step < 300; step++) {
      const s = requestSeed({ base: 2 ** 31 - 1, attempt: 16 }, step, 3);
      expect(Number.isInteger(s) && s >= 0 && s < 2 ** 31).toBe(true);
    }
  });
});
