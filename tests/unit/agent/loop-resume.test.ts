import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { runResearch } from '../../../src/agent/loop';
import type { AgentSettings } from '../../../src/agent/settings';
import type { AgentEvent, AgentStep } from '../../../src/agent/types';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatMessage } from '../../../src/llm/engine';
import { answer, fakeTools, search, visit } from './helpers';

const clock = () => 1_000;
const counter = { count: (s: string) => Math.ceil(s.length / 3) };
const promptSize = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + counter.count(m.content) + 5, 3);

function script(n: number): string[] {
  const turns: string[] = [];
  for (let i = 0; i < n; i++) turns.push(i % 2 ? visit(`https://example.org/q${i - 1}/1`) : search(`q${i}`));
  turns.push(answer('The answer.'));
  return turns;
}

async function uninterrupted(turns: string[], settings: Partial<AgentSettings>, padding = '') {
  const engine = new ScriptedEngine(turns);
  const result = await runResearch(
    { cite: citeAnswer, engine, tools: fakeTools(undefined, padding), tokenizer: counter, clock },
    { question: 'q', settings },
  );
  return { engine, result };
}

/** Aborts when the given step is being generated (after `chars` streamed) or while its tool runs. */
async function abortedAt(
  turns: string[],
  settings: Partial<AgentSettings>,
  at: { seq: number; during: 'generation' | 'tool' },
  padding = '',
) {
  const engine = new ScriptedEngine(turns, { chunkSize: 8 });
  const controller = new AbortController();
  const tools = fakeTools(undefined, padding);
  const realVisit = tools.visit.bind(tools);
  const realSearch = tools.search.bind(tools);
  let blocking = false;
  const hang = (signal: AbortSignal) =>
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  tools.search = (q, o) => (blocking ? hang(o.signal) : realSearch(q, o));
  tools.visit = (u, g, o) => (blocking ? hang(o.signal) : realVisit(u, g, o));
  const onEvent = (e: AgentEvent) => {
    if (at.during === 'generation' && e.type === 'delta' && e.seq === at.seq && e.text) controller.abort();
    if (at.during === 'tool' && e.type === 'step-started' && e.step.seq === at.seq) {
      blocking = true;
      queueMicrotask(() => controller.abort());
    }
  };
  const result = await runResearch(
    { cite: citeAnswer, engine, tools, tokenizer: counter, clock },
    { question: 'q', settings },
    { signal: controller.signal, onEvent },
  );
  return { engine, result };
}

async function resumed(
  turns: string[],
  settings: Partial<AgentSettings>,
  steps: AgentStep[],
  systemPrompt: string,
  from: number,
  padding = '',
) {
  const engine = new ScriptedEngine(turns.slice(from));
  const result = await runResearch(
    { cite: citeAnswer, engine, tools: fakeTools(undefined, padding), tokenizer: counter, clock },
    { question: 'q', settings, resume: { systemPrompt, steps: JSON.parse(JSON.stringify(steps)) } },
  );
  return { engine, result };
}

const strip = (steps: AgentStep[]) => steps.map(({ startedAt, finishedAt, tokens, ...rest }) => rest);

describe('abort and resume', () => {
  const settings = { date: '2026-03-01' };

  it('abort mid-stream leaves only finished steps, and resume sends the same next request', async () => {
    const turns = script(6);
    const full = await uninterrupted(turns, settings);
    const cut = await abortedAt(turns, settings, { seq: 3, during: 'generation' });
    expect(cut.result.status).toBe('aborted');
    expect(cut.result.steps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    const again = await resumed(turns, settings, cut.result.steps, cut.result.systemPrompt, 3);
    expect(again.engine.requests[0]).toEqual(full.engine.requests[3]);
    expect(again.engine.requests).toEqual(full.engine.requests.slice(3));
    expect(strip(again.result.steps)).toEqual(strip(full.result.steps));
    expect(again.result.answer).toBe('The answer.');
  });

  it('abort during a tool leaves that step pending; resume runs the tool and continues identically', async () => {
    const turns = script(6);
    const full = await uninterrupted(turns, settings);
    const cut = await abortedAt(turns, settings, { seq: 2, during: 'tool' });
    expect(cut.result.status).toBe('aborted');
    expect(cut.result.steps.map((s) => s.status)).toEqual(['done', 'done', 'pending']);
    const again = await resumed(turns, settings, cut.result.steps, cut.result.systemPrompt, 3);
    expect(again.engine.requests).toEqual(full.engine.requests.slice(3));
    expect(again.result.answer).toBe('The answer.');
  });

  it('folds under a small window: every request fits, folds are rare, history is append-only between folds', async () => {
    const small = { ...settings, contextWindow: 3000, maxTokens: 600 };
    const padding = ' More detail.'.repeat(25);
    const turns = script(40);
    const { engine, result } = await uninterrupted(turns, small, padding);
    expect(result.status).toBe('answered');
    const budget = 3000 - 600;
    for (const request of engine.requests) expect(promptSize(request)).toBeLessThanOrEqual(budget);
    const folds = result.steps.filter((s) => s.folded).length;
    expect(folds).toBeGreaterThanOrEqual(2);
    expect(folds).toBeLessThan(result.steps.length / 3);
    result.steps.forEach((step, i) => {
      const prev = engine.requests[i - 1];
      const now = engine.requests[i] ?? [];
      if (!prev || step.folded) return;
      const prevReply = result.steps[i - 1]?.raw ?? '';
      expect(now.slice(0, prev.length + 1)).toEqual([...prev, { role: 'assistant', content: prevReply }]);
    });
    // Folding keeps the question and leaves older turns as digests, the newest verbatim.
    const last = engine.requests[engine.requests.length - 1] ?? [];
    expect(last[1]).toEqual({ role: 'user', content: 'q' });
    // Digests keep the trained formats: a search is still its web_page_info_list JSON.
    expect(last.some((m) => m.content.startsWith('<tool_response>\n[{"query": "q'))).toBe(true);
    expect(last[last.length - 2]?.content).toBe(turns[turns.length - 2]);
    expect(result.stats.prefillTokens).toBeLessThan(
      engine.requests.reduce((s, r) => s + promptSize(r), 0) / 3,
    );
  });

  it('resume after abort in a folded run sends byte-identical requests', async () => {
    const small = { ...settings, contextWindow: 3000, maxTokens: 600 };
    const padding = ' More detail.'.repeat(25);
    const turns = script(30);
    const full = await uninterrupted(turns, small, padding);
    const cut = await abortedAt(turns, small, { seq: 21, during: 'generation' }, padding);
    expect(cut.result.steps.some((s) => s.folded)).toBe(true);
    const again = await resumed(turns, small, cut.result.steps, cut.result.systemPrompt, 21, padding);
    expect(again.engine.requests).toEqual(full.engine.requests.slice(21));
  });

  it('a page larger than the whole window is folded to its summary; no request exceeds the window', async () => {
    const engine = new ScriptedEngine([search('big'), visit('https://example.org/big/1'), answer('ok')]);
    const tools = fakeTools(() => 'Huge page. '.repeat(5000));
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, tokenizer: counter, clock },
      { question: 'q', settings: { contextWindow: 3000, maxTokens: 600 } },
    );
    expect(result.answer).toBe('ok');
    for (const request of engine.requests) expect(promptSize(request)).toBeLessThanOrEqual(2400);
    expect(engine.requests[2]?.[5]?.content).toBe(
      '<tool_response>\nThe useful information in https://example.org/big/1 for user goal facts as follows: \n\nSummary: \nSummary of https://example.org/big/1.\n</tool_response>',
    );
  });

  it('rejects stored steps with a gap', async () => {
    const full = await uninterrupted(script(4), settings);
    const broken = full.result.steps.filter((s) => s.seq !== 1);
    const again = await resumed(script(4), settings, broken, full.result.systemPrompt, 0);
    expect(again.result.status).toBe('error');
    expect(again.result.error?.code).toBe('invalid-resume');
    expect(again.engine.callCount).toBe(0);
  });
});
