import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { DEFAULT_DIGEST, renderConversation } from '../../../src/agent/conversation';
import { digestObservation } from '../../../src/agent/digest';
import { runResearch } from '../../../src/agent/loop';
import { formatSearchObservation, formatVisitObservation } from '../../../src/agent/observation-format';
import type { AgentStep } from '../../../src/agent/types';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatEngine } from '../../../src/llm/engine';
import { answer, fakeTools, search, visit } from './helpers';

const settings = { date: '2026-03-01' };
const counter = { count: (s: string) => Math.ceil(s.length / 3) };
const withoutResults = (steps: readonly AgentStep[]) => steps.map((s) => ({ ...s, result: null }));

async function run(turns: string[], tools = fakeTools(), extra: Record<string, number> = {}) {
  const engine = new ScriptedEngine(turns);
  return runResearch(
    { cite: citeAnswer, engine, tools, tokenizer: counter, clock: () => 5_000 },
    { question: 'q', settings: { ...settings, ...extra } },
  );
}

describe('structured step results', () => {
  it('keeps what each tool returned beside the exact text the model saw', async () => {
    const result = await run([search('kiwi'), visit('https://example.org/kiwi/1'), answer('Done.')]);
    const [s0, s1, s2] = result.steps;
    expect(s0?.result).toEqual({
      tool: 'search',
      searches: [
        {
          query: 'kiwi',
          hits: [1, 2].map((i) => ({
            title: `kiwi result ${i}`,
            url: `https://example.org/kiwi/${i}`,
            snippet: `Snippet ${i} about kiwi.`,
          })),
        },
      ],
    });
    expect(s0?.observation).toBe(
      s0?.result?.tool === 'search' && formatSearchObservation(s0.result.searches),
    );
    expect(s1?.result).toEqual({
      tool: 'visit',
      goal: 'facts',
      pages: [
        {
          url: 'https://example.org/kiwi/1',
          title: 'Title of https://example.org/kiwi/1',
          ok: true,
          evidence: 'Facts from https://example.org/kiwi/1.',
          summary: 'Summary of https://example.org/kiwi/1.',
        },
      ],
    });
    expect(s1?.observation).toBe(
      s1?.result?.tool === 'visit' && formatVisitObservation(s1.result.pages, 'facts'),
    );
    expect(s2?.result).toBeNull();
  });

  it('records a failed tool as results that say why, and a repeated call with the earlier results', async () => {
    const tools = fakeTools();
    tools.visit = async () => {
      throw new Error('tab crashed');
    };
    const u = 'https://example.org/kiwi/1';
    const result = await run([search('kiwi'), visit(u), search('kiwi'), answer('Done.')], tools);
    expect(result.steps[1]?.result).toEqual({
      tool: 'visit',
      goal: 'facts',
      pages: [{ url: u, title: '', ok: false, evidence: '', summary: '', reason: 'tab crashed' }],
    });
    expect(result.steps[1]?.observation).toContain('The page could not be read: tab crashed.');
    expect(result.steps[1]?.sources).toEqual([]);
    expect(result.steps[2]?.duplicateOf).toBe(0);
    expect(result.steps[2]?.result).toEqual(result.steps[0]?.result);
  });

  it('folds a run into the same digests from results as from the text (older runs resume unchanged)', async () => {
    const turns: string[] = [];
    for (let i = 0; i < 30; i++)
      turns.push(i % 2 ? visit(`https://example.org/q${i - 1}/1`) : search(`q${i}`));
    turns.push(answer('The answer.'));
    const result = await run(turns, fakeTools(undefined, ' More detail.'.repeat(25)), {
      contextWindow: 3000,
      maxTokens: 600,
    });
    const folds = result.steps.filter((s) => s.folded);
    expect(folds.length).toBeGreaterThan(1);
    const base = { systemPrompt: result.systemPrompt, question: 'q' };
    for (const step of folds) {
      const before = result.steps.slice(0, step.seq);
      expect(renderConversation(base, before, step.fold)).toEqual(
        renderConversation(base, withoutResults(before), step.fold),
      );
    }
  });

  it('digests a step from its results, not from its text', async () => {
    const result = await run([search('kiwi'), visit('https://example.org/kiwi/1'), answer('Done.')]);
    const [s0, s1] = result.steps.map((s) => ({
      ...s,
      observation: formatVisitObservation(
        [{ url: 'https://forged.example', title: '', ok: true, evidence: 'forged', summary: 'forged' }],
        'x',
      ),
    }));
    if (!s0 || !s1) throw new Error('steps missing');
    const digest = { ...DEFAULT_DIGEST, hitsPerQuery: 5 };
    expect(JSON.parse(digestObservation(s0, digest))[0].web_page_info_list[0]).toMatchObject({
      title: 'kiwi result 1',
      url: 'https://example.org/kiwi/1',
    });
    expect(digestObservation(s1, digest)).toBe(
      'The useful information in https://example.org/kiwi/1 for user goal facts as follows: \n\nSummary: \nSummary of https://example.org/kiwi/1.',
    );
  });

  it('keeps the prompt and prefill counts the engine itself reports with each step', async () => {
    const turns = [search('kiwi'), answer('Done.')];
    const reported = [
      { promptTokens: 900, prefillTokens: 900 },
      { promptTokens: 1100, prefillTokens: 140 },
    ];
    let call = 0;
    const engine: ChatEngine = {
      load: async () => {},
      unload: async () => {},
      info: () => ({ kind: 'openai', modelId: 'm', loaded: true, contextWindow: 8192 }),
      async chat() {
        const usage = reported[call] ?? { promptTokens: 0 };
        const text = turns[call++] ?? '';
        return { text, finishReason: 'stop', usage: { ...usage, completionTokens: 10 } };
      },
    };
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), tokenizer: counter, clock: () => 0 },
      { question: 'q', settings },
    );
    expect(result.steps.map((s) => [s.tokens.enginePrompt, s.tokens.enginePrefill])).toEqual([
      [900, 900],
      [1100, 140],
    ]);
  });
});
