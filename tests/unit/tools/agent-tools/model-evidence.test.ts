import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../../src/llm/scripted-engine';
import { createModelEvidence } from '../../../../src/tools/agent-tools/model-evidence';

const signal = new AbortController().signal;
const rank = () => ({ evidence: 'ranked passage', summary: 'ranked summary' });

describe('model-written evidence', () => {
  it('uses the extractor reply when it parses', async () => {
    const engine = new ScriptedEngine([
      '```json\n{"rational": "section 2", "evidence": "The Moon is 384,400 km away.", "summary": "Average distance."}\n```',
    ]);
    const write = createModelEvidence({ engine, rank, maxPageChars: 50 });
    const out = await write('x'.repeat(200), 'distance', 'How far is the Moon?', signal);
    expect(out).toEqual({ evidence: 'The Moon is 384,400 km away.', summary: 'Average distance.' });
    // The page was cut to fit the extractor, and the goal carried the question.
    const prompt = engine.requests[0]?.[0]?.content ?? '';
    expect(prompt).toContain(`${'x'.repeat(50)}\n\n[…]`);
    expect(prompt).not.toContain('x'.repeat(51));
    expect(prompt).toContain('How far is the Moon?');
  });

  it('falls back to ranked passages when the reply does not parse or the server fails', async () => {
    const garbage = createModelEvidence({
      engine: new ScriptedEngine(['I think the page is nice.']),
      rank,
      maxPageChars: 100,
    });
    expect(await garbage('page', 'g', 'q', signal)).toEqual(rank());
    const failing = new ScriptedEngine([]);
    failing.chat = async () => {
      throw new Error('HTTP 500');
    };
    const broken = createModelEvidence({ engine: failing, rank, maxPageChars: 100 });
    expect(await broken('page', 'g', 'q', signal)).toEqual(rank());
  });
});
