import { describe, expect, it } from 'vitest';
import { createQwenCounter } from '../../../scripts/lib/qwen-counter';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import {
  estimateTokens,
  MESSAGE_OVERHEAD,
  prefillTokens,
  REPLY_PREFIX,
  TokenMeter,
} from '../../../src/agent/budget';
import { runResearch } from '../../../src/agent/loop';
import { findRepetition } from '../../../src/agent/repetition';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { answer, fakeTools } from './helpers';

describe('token budget', () => {
  it('estimates conservatively against the real Qwen3 tokenizer (English and CJK)', () => {
    const qwen = createQwenCounter();
    const english =
      'The kiwi is a flightless bird endemic to New Zealand, about the size of a chicken. '.repeat(20);
    const chinese = '东京是日本的首都，也是世界上人口最多的大都市之一。'.repeat(20);
    expect(estimateTokens(english)).toBeGreaterThanOrEqual(Number(qwen.count(english)));
    expect(estimateTokens(chinese)).toBeGreaterThanOrEqual(Number(qwen.count(chinese)));
  });

  it('counts prefill as what follows the longest common message prefix', async () => {
    const meter = new TokenMeter((s) => s.length);
    const a = [
      { role: 'system' as const, content: 'sys' },
      { role: 'user' as const, content: 'question' },
    ];
    const held = [...a, { role: 'assistant' as const, content: 'reply' }];
    const next = [...held, { role: 'user' as const, content: 'tool' }];
    expect(await prefillTokens(meter, null, a)).toBe(3 + 5 + 8 + 5 + 3);
    expect(await prefillTokens(meter, held, next)).toBe(4 + 5 + 3);
  });

  it('learns a larger count from the engine', async () => {
    const meter = new TokenMeter((s) => s.length);
    const msgs = [{ role: 'user' as const, content: 'x'.repeat(100) }];
    const before = await meter.prompt(msgs);
    meter.correct(before, before * 1.5);
    expect(await meter.prompt(msgs)).toBe(Math.ceil(before * 1.5));
  });

  it('an estimate learns a smaller count from the engine too, following the latest report', async () => {
    const meter = new TokenMeter(null);
    const msgs = [{ role: 'user' as const, content: 'x'.repeat(300) }];
    const before = await meter.prompt(msgs);
    expect(before).toBe(100 + 5 + 3);
    meter.correct(before, 81);
    expect(await meter.prompt(msgs)).toBe(81);
    meter.correct(81, 54);
    expect(await meter.prompt(msgs)).toBe(54);
    meter.correct(54, 1);
    expect(await meter.prompt(msgs)).toBe(54);
  });

  it('an exact counter is only corrected upward', async () => {
    const meter = new TokenMeter((s) => s.length);
    const msgs = [{ role: 'user' as const, content: 'x'.repeat(100) }];
    const before = await meter.prompt(msgs);
    meter.correct(before, Math.round(before / 2));
    expect(await meter.prompt(msgs)).toBe(before);
  });
});

describe('repetition', () => {
  it('finds a looping tail and keeps its first occurrence', () => {
    const text = `Intro. ${'we need to search '.repeat(60)}`;
    const cut = findRepetition(text);
    expect(cut).toBeGreaterThan(0);
    expect(text.slice(0, cut).trim()).toBe('Intro. we need to search');
  });
  it('leaves ordinary prose alone', () => {
    const prose = Array.from({ length: 80 }, (_, i) => `Sentence ${i} talks about item ${i * 7}.`).join(' ');
    expect(findRepetition(prose)).toBe(-1);
  });

  it("counts the context with the engine's own tokenizer when the run is given none", async () => {
    // One token a character: far from the estimate (about three characters a token).
    const engine = new ScriptedEngine([answer('Paris')], { countTokens: (t) => t.length });
    const sent: number[] = [];
    await runResearch(
      { engine, cite: citeAnswer, tools: fakeTools() },
      { question: 'Which city?', settings: { maxSteps: 3 } },
      { onEvent: (e) => e.type === 'request' && sent.push(e.promptTokens) },
    );
    const request = engine.requests[0] ?? [];
    const exact = request.reduce((n, m) => n + m.content.length + MESSAGE_OVERHEAD, REPLY_PREFIX);
    expect(sent[0]).toBe(exact);
  });
});
