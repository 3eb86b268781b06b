import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { digestAssistant } from '../../../src/agent/digest';
import { runResearch } from '../../../src/agent/loop';
import { buildSystemPrompt } from '../../../src/agent/prompt';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatMessage } from '../../../src/llm/engine';
import { PROFILES, profileForModelName } from '../../../src/profiles/profiles';
import { profileSettings } from '../../../src/runner/agent-settings';
import { answer, fakeTools, search, visit } from '../agent/helpers';

const lastUser = (messages: readonly ChatMessage[]) =>
  [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
const body = (turn: string) => turn.replace(/^<tool_response>\n/, '').replace(/\n<\/tool_response>$/, '');
const FRAME = /^The useful information in (\S+) for user goal (.*) as follows: \n\nSummary: \n([\s\S]+)$/;
const counter = { count: (s: string) => Math.ceil(s.length / 4) };
let t = 0;
const clock = () => (t += 10);

describe('model profiles', () => {
  it('DR-Venus models get the dr-venus profile, whatever route they come by', () => {
    for (const name of [
      'dr-venus-4b-rl',
      'hf:inclusionAI/DR-Venus-4B-RL-GGUF',
      'DR_Venus-4B-SFT-Q4_K_M.gguf',
    ])
      expect(profileForModelName(name)).toBe('dr-venus');
    for (const name of ['Qwen3-4B-q4f16_1-MLC', 'llama3.1:8b', ''])
      expect(profileForModelName(name)).toBe('general');
  });

  it('the dr-venus profile carries the trained facts; user changes go on top of it', () => {
    expect(profileSettings('dr-venus')).toMatchObject({
      generationPrefix: '<think>\n',
      temperature: 1,
      topP: 0.95,
      topK: 20,
      presencePenalty: 1.1,
      maxTokens: 15_000,
      maxSteps: 200,
      duplicatePolicy: 'resample',
      searchErrorField: false,
    });
    const mine = profileSettings('dr-venus', {
      sampling: { temperature: 0.7 },
      prompts: { forceAnswer: 'Answer now, please.', system: '  ' },
      duplicatePolicy: 'note',
    });
    expect(mine).toMatchObject({ temperature: 0.7, topK: 20, duplicatePolicy: 'note' });
    expect(mine.prompts?.forceAnswer).toBe('Answer now, please.');
    // A blank text keeps the profile's.
    expect(mine.prompts?.system).toBe(PROFILES['dr-venus'].prompts.system);
  });

  it("a pasted system prompt gets today's tools and date", () => {
    const pasted = 'You are a deep research assistant.\n\n{tools}\n\nCurrent date: 2026-03-01\n';
    const prompt = buildSystemPrompt({ date: '2031-05-06', custom: pasted });
    expect(prompt).toContain('<tools>\n{"type": "function", "function": {"name": "search"');
    expect(prompt.endsWith('Current date: 2031-05-06\n')).toBe(true);
    expect(buildSystemPrompt({ date: '2031-05-06', custom: 'Today is {date}.' })).toBe(
      'Today is 2031-05-06.',
    );
  });

  it('uses the profile texts for errors and the forced answer, and the trained empty list for a failed search', async () => {
    const texts = { formatError: 'Wrong shape: {problem}', forceAnswer: 'Time is up; answer.' };
    const engine = new ScriptedEngine(['no tags at all', search('kiwi'), answer('ok')]);
    const tools = fakeTools();
    tools.search = async (queries) => queries.map((query) => ({ query, hits: [], error: 'rate limited' }));
    const settings = { ...profileSettings('dr-venus', { prompts: texts }), maxRetries: 0, maxSteps: 3 };
    const result = await runResearch({ cite: citeAnswer, engine, tools, clock }, { question: 'q', settings });
    expect(result.answer).toBe('ok');
    expect(lastUser(engine.requests[1] ?? [])).toMatch(/^<tool_response>\nWrong shape: /);
    const failed = lastUser(engine.requests[2] ?? []);
    expect(JSON.parse(body(failed).replace(/\n\nTime is up; answer\.$/, ''))).toEqual([
      { query: 'kiwi', web_page_info_list: [] },
    ]);
    expect(failed.endsWith('\n\nTime is up; answer.\n</tool_response>')).toBe(true);
  });
});

describe('duplicate policy', () => {
  it('resample: a repeated call is drawn again and the new call runs', async () => {
    const engine = new ScriptedEngine([search('kiwi'), search('kiwi'), search('moa'), answer('done')]);
    const tools = fakeTools();
    const retries: string[] = [];
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock },
      { question: 'q', settings: { duplicatePolicy: 'resample' } },
      { onEvent: (e) => e.type === 'retry' && retries.push(e.reason) },
    );
    expect(retries).toEqual(['duplicate']);
    expect(tools.calls).toEqual(['search:kiwi', 'search:moa']);
    expect(result.steps.map((s) => s.duplicateOf)).toEqual([null, null, null]);
    expect(result.stats.duplicates).toBe(0);
  });

  it('resample: a call still repeated after every re-sample is run again, not answered with a note', async () => {
    const engine = new ScriptedEngine([search('kiwi'), search('kiwi'), search('kiwi'), answer('done')]);
    const tools = fakeTools();
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock },
      { question: 'q', settings: { duplicatePolicy: 'resample', maxRetries: 1 } },
    );
    expect(tools.calls).toEqual(['search:kiwi', 'search:kiwi']);
    expect(result.steps[1]?.attempts).toBe(2);
    expect(result.steps[1]?.notes).toEqual([]);
  });
});

describe('folds in trained formats', () => {
  async function foldedRun(settings = {}) {
    const turns: string[] = [];
    for (let i = 0; i < 24; i++)
      turns.push(i % 2 ? visit(`https://example.org/q${i - 1}/1`) : search(`q${i}`));
    turns.push(answer('The answer.'));
    const engine = new ScriptedEngine(turns, { countTokens: counter.count });
    const tools = fakeTools(undefined, ' More detail.'.repeat(25));
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, tokenizer: counter, clock },
      { question: 'q', settings: { contextWindow: 6000, maxTokens: 600, ...settings } },
    );
    return { engine, result };
  }

  it('search digests are web_page_info_list JSON with fewer hits; visit digests are summary-only frames', async () => {
    const { engine, result } = await foldedRun({ digestHits: 1 });
    const last = [...result.steps].reverse().find((s) => s.fold.digestBefore > s.fold.dropBefore + 2);
    if (!last) throw new Error('no fold');
    const fold = last.fold;
    const messages = engine.requests[last.seq] ?? [];
    const digested = result.steps.filter((s) => s.seq >= fold.dropBefore && s.seq < fold.digestBefore);
    expect(digested.length).toBeGreaterThan(2);
    let searches = 0;
    let visits = 0;
    for (const step of digested) {
      const at = messages.findIndex((m) => m.content === digestAssistant(step));
      const turn = messages[at + 1];
      const text = body(turn?.content ?? '').replace(/\n\nNote: steps [\s\S]*$/, '');
      if (step.action.kind === 'search') {
        searches++;
        const list = JSON.parse(text) as Array<Record<string, unknown>>;
        expect(Object.keys(list[0] ?? {})).toEqual(['query', 'web_page_info_list']);
        const hits = list[0]?.web_page_info_list as Array<Record<string, unknown>>;
        expect(hits).toHaveLength(1);
        expect(Object.keys(hits[0] ?? {})).toEqual(['title', 'url', 'snippet']);
      } else {
        visits++;
        const m = FRAME.exec(text);
        expect(m?.[1]).toBe(step.action.kind === 'visit' ? step.action.url[0] : '');
        expect(m?.[2]).toBe('facts');
        expect(m?.[3]).toBe(`Summary of ${m?.[1]}.`);
      }
    }
    expect(searches).toBeGreaterThan(0);
    expect(visits).toBeGreaterThan(0);
  });

  it('shortens thinking but never empties it, and keeps the call', async () => {
    const middle = Array.from({ length: 30 }, (_, i) => `Option ${i} has merit number ${i * 7}.`).join(' ');
    const long = `First I weigh the options. ${middle} So I will search for moa.`;
    const turn = `<think>\n${long}\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["moa"]}}\n</tool_call>`;
    const engine = new ScriptedEngine(
      [turn, ...Array.from({ length: 20 }, (_, i) => search(`q${i}`)), answer('x')],
      {
        countTokens: counter.count,
      },
    );
    const result = await runResearch(
      {
        cite: citeAnswer,
        engine,
        tools: fakeTools(undefined, ' More detail.'.repeat(150)),
        tokenizer: counter,
        clock,
      },
      { question: 'q', settings: { contextWindow: 12_000, maxTokens: 600 } },
    );
    const folded = engine.requests.find(
      (r) => r[2]?.content.startsWith('<think>\nFirst') && r[2].content !== turn,
    );
    const digest = folded?.[2]?.content ?? '';
    expect(result.steps.some((s) => s.folded)).toBe(true);
    expect(digest).toMatch(
      /^<think>\nFirst I weigh the options\..* … .*So I will search for moa\.\n<\/think>\n<tool_call>\n/s,
    );
    expect(digest.length).toBeLessThan(turn.length / 2);
  });

  it('tells the model inside the next <tool_response> when steps were left out', async () => {
    const { engine, result } = await foldedRun();
    const dropped = result.steps.find((s) => s.fold.dropBefore > 0);
    if (!dropped) throw new Error('nothing was dropped');
    // The first request after the fold that holds a tool result.
    const request = engine.requests.slice(dropped.seq).find((r) => r.length > 3) ?? [];
    expect(request[2]?.content).not.toBe(result.steps[0]?.raw);
    const first = request.find((m, i) => i > 1 && m.role === 'user')?.content ?? '';
    const n = dropped.fold.dropBefore;
    expect(first).toContain(`Note: steps 1 to ${n} (${n} tool calls and their results) no longer fit`);
    expect(first.endsWith('\n</tool_response>')).toBe(true);
  });
});

describe('no-fold policy', () => {
  it('at the window limit, the newest result gives way to one forced answer', async () => {
    const turns: string[] = [];
    for (let i = 0; i < 30; i++) turns.push(search(`q${i}`));
    const engine = new ScriptedEngine((messages) =>
      lastUser(messages).includes('filled the context window') ? answer('best guess') : (turns.shift() ?? ''),
    );
    const tools = fakeTools(undefined, ' More detail.'.repeat(25));
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, tokenizer: counter, clock },
      { question: 'q', settings: { contextWindow: 3000, maxTokens: 600, foldPolicy: 'no-fold' } },
    );
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('best guess');
    expect(result.forced).toBe(true);
    expect(result.steps.some((s) => s.folded)).toBe(false);
    const limited = result.steps.filter((s) => s.notes.some((n) => n.kind === 'context-limit'));
    expect(limited).toHaveLength(1);
    const last = engine.requests[engine.requests.length - 1] ?? [];
    expect(lastUser(last)).toBe(
      `<tool_response>\n${PROFILES.general.prompts.contextLimit}\n</tool_response>`,
    );
    // Every request leaves a reply's room (600); the request for the answer may use part of it,
    // as the turn that filled the window spent some, but never more than half.
    for (const request of engine.requests.slice(0, -1)) expect(size(request)).toBeLessThanOrEqual(2400);
    expect(size(last)).toBeLessThanOrEqual(2700);
    // History was never rewritten: every request extends the previous one.
    engine.requests.forEach((request, i) => {
      const prev = engine.requests[i - 1];
      if (prev) expect(request.slice(0, prev.length)).toEqual(prev);
    });
  });

  it('auto folds only in windows below 128K', async () => {
    const engine = new ScriptedEngine([search('a'), answer('x')], { contextWindow: 262_144 });
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools() },
      { question: 'q', settings: { ...profileSettings('dr-venus'), contextWindow: 0 } },
    );
    expect(result.answer).toBe('x');
    expect(PROFILES['dr-venus'].foldPolicy).toBe('auto');
  });
});

function size(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + counter.count(m.content) + 5, 3);
}
