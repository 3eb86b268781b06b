import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { runResearch } from '../../../src/agent/loop';
import { buildSystemPrompt } from '../../../src/agent/prompt';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { answer, fakeTools } from './helpers';

describe('system prompt', () => {
  const prompt = buildSystemPrompt({ date: '2026-03-01' });

  it('lists both tool schemas one per line in <tools>, the call format, the answer rule and the date', () => {
    const tools = /<tools>\n(.*)\n(.*)\n<\/tools>/.exec(prompt);
    const search = JSON.parse(tools?.[1] ?? 'null');
    const visit = JSON.parse(tools?.[2] ?? 'null');
    expect(search.function.name).toBe('search');
    expect(search.function.parameters.properties.query.type).toBe('array');
    expect(visit.function.parameters.required).toEqual(['url', 'goal']);
    expect(tools?.[1]).toContain('{"type": "function", "function": {"name": "search"');
    expect(prompt).toContain(
      '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>',
    );
    expect(prompt).toContain('<answer></answer>');
    expect(prompt.endsWith('Current date: 2026-03-01\n')).toBe(true);
  });

  it('a custom prompt replaces the built-in one', async () => {
    const engine = new ScriptedEngine([answer('x')]);
    await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools() },
      { question: 'q', settings: { systemPrompt: 'Be brief.' } },
    );
    expect(engine.requests[0]?.[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('takes the date from the injected clock', async () => {
    const engine = new ScriptedEngine([answer('x')]);
    await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock: () => new Date(2031, 4, 6, 12).getTime() },
      { question: 'q' },
    );
    expect(engine.requests[0]?.[0]?.content).toContain('Current date: 2031-05-06');
  });
});
