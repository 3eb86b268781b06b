import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { runResearch } from '../../../src/agent/loop';
import { parseTurn } from '../../../src/agent/parse';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { fakeTools } from './helpers';

/** mulberry32: tiny seeded PRNG so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '<think>',
  '</think>',
  '<tool_call>',
  '</tool_call>',
  '<answer>',
  '</answer>',
  '<tool_response>',
  '</tool_response>',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  ',',
  '\\',
  '\n',
  ' ',
  'name',
  '"name"',
  '"search"',
  '"visit"',
  '"arguments"',
  '"query"',
  '"url"',
  '"goal"',
  'null',
  'true',
  '1e999',
  'https://x.org/ü',
  '漢字',
  '🙂',
  '\u0000',
  '\u202e',
  '<|im_end|>',
  'la la la ',
  '{"name": "search", "arguments": {"query": ["q"]}}',
  '{"name": "visit", "arguments": {"url": "https://x.org", "goal": "g"}}',
  '{"name": "search", "arguments": "{\\"query\\": 5}"}',
];

function garbage(rand: () => number): string {
  const mode = rand();
  if (mode < 0.05) return '';
  if (mode < 0.1) return 'x'.repeat(Math.floor(rand() * 200_000));
  if (mode < 0.15) return '<think>'.repeat(Math.floor(rand() * 2000));
  let out = '';
  const n = Math.floor(rand() * 40);
  for (let i = 0; i < n; i++) {
    const piece = PIECES[Math.floor(rand() * PIECES.length)] ?? '';
    // Sometimes truncate a piece mid-way, like a reply cut by max_tokens.
    out += rand() < 0.2 ? piece.slice(0, Math.floor(rand() * piece.length)) : piece;
    if (rand() < 0.1) out += String.fromCodePoint(Math.floor(rand() * 0x2ffff));
  }
  return out;
}

describe('fuzz', () => {
  it('parseTurn never throws and always returns a well-typed action', () => {
    const rand = prng(1234);
    const kinds = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const text = garbage(rand);
      const p = parseTurn(text);
      kinds.add(p.action.kind);
      expect(typeof p.think).toBe('string');
      if (p.action.kind === 'search')
        expect(p.action.query.every((q) => typeof q === 'string' && q.trim() !== '')).toBe(true);
      if (p.action.kind === 'visit') expect(p.action.url.length).toBeGreaterThan(0);
      if (p.action.kind === 'invalid') expect(p.action.message.length).toBeGreaterThan(0);
    }
    // The generator reaches every branch, so the checks above are not vacuous.
    expect([...kinds].sort()).toEqual(['answer', 'invalid', 'search', 'visit']);
  });

  it('runs fed with garbage always end within their limits', async () => {
    const rand = prng(99);
    for (let run = 0; run < 60; run++) {
      const maxSteps = 2 + Math.floor(rand() * 8);
      const maxRetries = Math.floor(rand() * 3);
      const engine = new ScriptedEngine(() => garbage(rand), { chunkSize: 4096 });
      const result = await runResearch(
        { cite: citeAnswer, engine, tools: fakeTools(), clock: () => 0 },
        {
          question: 'q',
          settings: { maxSteps, maxRetries, contextWindow: 4096, maxTokens: 512, date: '2026-01-01' },
        },
      );
      expect(['answered', 'no-answer']).toContain(result.status);
      expect(result.steps.length).toBeLessThanOrEqual(maxSteps);
      expect(engine.callCount).toBeLessThanOrEqual(maxSteps * (maxRetries + 1));
      for (const req of engine.requests) {
        expect(req.every((m, i) => i < 2 || m.role === (i % 2 === 0 ? 'assistant' : 'user'))).toBe(true);
      }
    }
  });
});
