import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { createControl } from '../../../src/agent/deps';
import { runResearch } from '../../../src/agent/loop';
import { FORCE_ANSWER_NOTE } from '../../../src/agent/loop-tools';
import type { AgentEvent } from '../../../src/agent/types';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatMessage } from '../../../src/llm/engine';
import { answer, fakeTools, search, visit } from './helpers';

const fixed = { date: '2026-03-01', temperature: 0 };
let t = 0;
const clock = () => (t += 10);

function lastUser(messages: readonly ChatMessage[]): string {
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

describe('research loop', () => {
  it('runs search → visit → answer with DR-Venus observations and write-ahead events', async () => {
    const engine = new ScriptedEngine([
      search('kiwi'),
      visit('https://example.org/kiwi/1'),
      answer('Kiwis are birds.'),
    ]);
    const tools = fakeTools(() => 'Kiwis are flightless birds native to New Zealand.');
    const events: AgentEvent[] = [];
    const toolCallsAtStart: number[] = [];
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock },
      { question: 'What is a kiwi?', settings: fixed },
      {
        onEvent: (e) => {
          events.push(e);
          if (e.type === 'step-started') toolCallsAtStart.push(tools.calls.length);
        },
      },
    );
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('Kiwis are birds.');
    // The step is announced before its tool runs (write-ahead), and done after.
    expect(toolCallsAtStart).toEqual([0, 1, 2]);
    const types = events.map((e) => e.type).filter((x) => x !== 'delta' && x !== 'stats');
    expect(types).toEqual([
      'start',
      'request',
      'step-started',
      'step-done',
      'request',
      'step-started',
      'step-done',
      'request',
      'step-started',
      'step-done',
      'answer',
    ]);
    const second = engine.requests[1] ?? [];
    expect(second[2]).toEqual({ role: 'assistant', content: search('kiwi') });
    expect(lastUser(second)).toBe(
      '<tool_response>\n[{"query": "kiwi", "web_page_info_list": [{"title": "kiwi result 1", "url": "https://example.org/kiwi/1", "snippet": "Snippet 1 about kiwi."}, {"title": "kiwi result 2", "url": "https://example.org/kiwi/2", "snippet": "Snippet 2 about kiwi."}]}]\n</tool_response>',
    );
    expect(lastUser(engine.requests[2] ?? [])).toBe(
      '<tool_response>\nThe useful information in https://example.org/kiwi/1 for user goal facts as follows: \n\nEvidence in page: \nKiwis are flightless birds native to New Zealand.\n\nSummary: \nSummary of https://example.org/kiwi/1.\n\n\n</tool_response>',
    );
    // Only the page that was read is cited.
    expect(result.citations?.sources).toEqual([
      { n: 1, url: 'https://example.org/kiwi/1', title: 'Title of https://example.org/kiwi/1' },
    ]);
    expect(result.stats).toMatchObject({ steps: 3, searches: 1, visits: 1, browseShare: 0.5, duplicates: 0 });
  });

  it('answers an exact repeat with the earlier observation and a note, without calling the tool', async () => {
    const engine = new ScriptedEngine([search('kiwi'), search('kiwi'), answer('done')]);
    const tools = fakeTools();
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock },
      { question: 'q', settings: fixed },
    );
    expect(tools.calls).toEqual(['search:kiwi']);
    expect(result.steps[1]?.duplicateOf).toBe(0);
    const first = lastUser(engine.requests[1] ?? []);
    const repeat = lastUser(engine.requests[2] ?? []);
    expect(repeat.startsWith(first.slice(0, -'\n</tool_response>'.length))).toBe(true);
    expect(repeat).toContain('already made in step 1');
    expect(result.stats.duplicates).toBe(1);
  });

  it('forces a final answer at the step limit', async () => {
    const engine = new ScriptedEngine((messages, call) =>
      lastUser(messages).includes(FORCE_ANSWER_NOTE) ? answer('best guess') : search(`q${call}`),
    );
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: { ...fixed, maxSteps: 5 } },
    );
    expect(result.status).toBe('answered');
    expect(result.forced).toBe(true);
    expect(result.steps).toHaveLength(5);
    expect(engine.callCount).toBe(5);
    expect(result.steps[3]?.notes).toContainEqual(
      expect.objectContaining({ kind: 'force-answer', cause: 'step-limit' }),
    );
  });

  it('ends without an answer, within limits, when the model never answers', async () => {
    const engine = new ScriptedEngine((_m, call) => search(`q${call}`));
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: { ...fixed, maxSteps: 4, maxRetries: 1 } },
    );
    expect(result.status).toBe('no-answer');
    expect(result.steps).toHaveLength(4);
    expect(engine.callCount).toBeLessThanOrEqual(4 + 1);
  });

  it('forces the answer when the token budget is spent', async () => {
    const engine = new ScriptedEngine((messages, call) =>
      lastUser(messages).includes(FORCE_ANSWER_NOTE) ? answer('enough') : search(`q${call}`),
    );
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: { ...fixed, tokenBudget: 2000 } },
    );
    expect(result.status).toBe('answered');
    expect(result.forced).toBe(true);
    // The turn after the one that crossed the budget is the forced answer, no later.
    const spent = (n: number) =>
      result.steps.slice(0, n).reduce((sum, s) => sum + s.tokens.prefill + s.tokens.completion, 0);
    const steps = result.steps.length;
    expect(spent(steps - 1)).toBeGreaterThanOrEqual(2000);
    expect(spent(steps - 2)).toBeLessThan(2000);
  });

  it('re-samples an unparseable turn, then sends a format error', async () => {
    const engine = new ScriptedEngine(['<think>hmm', 'no tags at all', '<tool_call>{oops', answer('fine')]);
    const events: AgentEvent[] = [];
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: { ...fixed, maxRetries: 2 } },
      { onEvent: (e) => events.push(e) },
    );
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(2);
    expect(result.steps[0]?.action.kind).toBe('invalid');
    expect(result.steps[0]?.raw).toBe('<tool_call>{oops');
    const error = lastUser(engine.requests[3] ?? []);
    expect(error).toContain('Error: your last reply could not be used');
    expect(error).toContain('<tool_call>\n{"name": "search"');
    expect(result.answer).toBe('fine');
    expect(result.stats).toMatchObject({ retries: 2, parseFailures: 1 });
  });

  it('cuts degenerate repetition while streaming and re-samples', async () => {
    const looping = `<think>\nI think ${'the answer is the answer is '.repeat(400)}`;
    const engine = new ScriptedEngine([looping, answer('ok')]);
    const events: AgentEvent[] = [];
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: fixed },
      { onEvent: (e) => events.push(e) },
    );
    const retry = events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ reason: 'repetition' });
    const streamed = events
      .filter((e) => e.type === 'delta' && e.attempt === 1)
      .map((e) => (e.type === 'delta' ? e.text : ''))
      .join('');
    expect(streamed.length).toBeLessThan(looping.length / 4);
    expect(result.answer).toBe('ok');
  });

  it('sends back the raw model text, not the repaired one', async () => {
    const sloppy =
      "reasoning</think>\n<tool_call>\n{'name': 'search', 'arguments': {'query': 'kiwi', 'lang': 'en'}}\n</tool_call>";
    const engine = new ScriptedEngine([sloppy, answer('ok')]);
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: fixed },
    );
    expect(result.steps[0]?.call).toEqual({ name: 'search', arguments: { query: ['kiwi'] } });
    expect(engine.requests[1]?.[2]).toEqual({ role: 'assistant', content: sloppy });
  });

  it('passes steer notes and "answer now" into the next tool response', async () => {
    const control = createControl();
    const engine = new ScriptedEngine((messages, call) =>
      lastUser(messages).includes(FORCE_ANSWER_NOTE) ? answer('now') : search(`q${call}`),
    );
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock },
      { question: 'q', settings: fixed },
      {
        control,
        onEvent: (e) => {
          if (e.type === 'step-started' && e.step.seq === 0) control.steer('Prefer official sources.');
          if (e.type === 'step-started' && e.step.seq === 1) control.answerNow();
        },
      },
    );
    expect(lastUser(engine.requests[1] ?? [])).toContain('Note from the user: Prefer official sources.');
    expect(lastUser(engine.requests[2] ?? [])).toContain(FORCE_ANSWER_NOTE);
    expect(result).toMatchObject({ status: 'answered', answer: 'now', forced: true });
    expect(result.steps).toHaveLength(3);
    // The request is stored with its cause, so the answer can say it was the user's.
    expect(result.steps[1]?.notes).toContainEqual(
      expect.objectContaining({ kind: 'force-answer', cause: 'answer-now' }),
    );
  });

  it('keeps going when a tool fails, telling the model why', async () => {
    const engine = new ScriptedEngine([search('kiwi'), answer('ok')]);
    const tools = fakeTools();
    tools.search = async () => {
      throw new Error('rate limited');
    };
    const events: AgentEvent[] = [];
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock },
      { question: 'q', settings: fixed },
      { onEvent: (e) => events.push(e) },
    );
    expect(lastUser(engine.requests[1] ?? [])).toContain('"web_page_info_list": [], "error": "rate limited"');
    expect(events).toContainEqual({
      type: 'error',
      code: 'tool-failed',
      message: 'search: rate limited',
      fatal: false,
    });
    expect(result.status).toBe('answered');
  });
});
