import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import type { AgentTools } from '../../../src/agent/deps';
import { RunInterrupted } from '../../../src/agent/interruption';
import type { ChatMessage } from '../../../src/llm/engine';
import { createResearchRunner } from '../../../src/runner/runner';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';
import type { Store } from '../../../src/store';
import { toStoreError } from '../../../src/store/errors';
import { freshStore } from '../store/helpers';

const call = (name: string, args: unknown) =>
  `<think>\nplan\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
const URL_A = 'https://example.org/a';

/** Answers as a model does from what it sees: search first, then visit, then answer. */
const statelessModel = (messages: readonly ChatMessage[]) => {
  const turns = messages.filter((m) => m.role === 'assistant').length;
  if (turns === 0) return call('search', { query: ['moon'] });
  if (turns === 1) return call('visit', { url: [URL_A], goal: 'distance' });
  return '<think>\ndone\n</think>\n<answer>About 384,400 km.</answer>';
};

function tools(visit: AgentTools['visit']): AgentTools {
  return {
    search: async (queries) =>
      queries.map((query) => ({ query, hits: [{ title: 'A', url: URL_A, snippet: 's' }] })),
    visit,
  };
}

function runnerWith(store: Pick<Store, 'sessions' | 'steps'>, agentTools: AgentTools) {
  let n = 0;
  return createResearchRunner({
    store,
    broadcast: () => undefined,
    loadSettings: async () => DEFAULT_SETTINGS,
    engine: async () => new ScriptedEngine(statelessModel),
    tools: () => agentTools,
    clock: () => 1_700_000_000_000 + n * 1000,
    newId: () => `id-${++n}`,
  });
}

const kinds = async (store: Store, id: string) =>
  (await store.steps.listForSession(id)).map(
    (r) => `${r.status}:${(r.action as { action?: { kind?: string } }).action?.kind}`,
  );

describe('research runner after a crash', () => {
  it('pauses when the tab being read is closed, and Continue reads it again without repeating a step', async () => {
    const store = await freshStore();
    let visits = 0;
    const runner = runnerWith(
      store,
      tools(async (urls) => {
        visits += 1;
        if (visits === 1) throw new RunInterrupted('tab-closed', 'The tab was closed.', 'Press Continue.');
        return urls.map((url) => ({ url, title: 'A', ok: true, evidence: 'Far.', summary: 'Far.' }));
      }),
    );
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    const paused = await store.sessions.get(sessionId);
    expect(paused?.status).toBe('paused');
    expect(paused?.error).toMatch(/tab was closed.*Continue/);
    expect(await kinds(store, sessionId)).toEqual(['done:search', 'pending:visit']);
    await runner.resume(sessionId);
    await runner.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.status).toBe('done');
    expect(await kinds(store, sessionId)).toEqual(['done:search', 'done:visit', 'done:answer']);
    expect(visits).toBe(2);
  });

  it('pauses with a clear message when storage is full, keeping every step saved before', async () => {
    const store = await freshStore();
    let full = false;
    const quota = () => toStoreError(new DOMException('Quota exceeded.', 'QuotaExceededError'));
    const original = store.steps.put;
    // The disk fills once the search step is saved.
    const steps = {
      ...store.steps,
      put: async (r: Parameters<Store['steps']['put']>[0]) => {
        if (full) throw quota();
        await original(r);
        if (r.seq === 0 && r.status === 'done') full = true;
      },
    };
    const runner = runnerWith(
      { sessions: store.sessions, steps },
      tools(async (urls) =>
        urls.map((url) => ({ url, title: 'A', ok: true, evidence: 'Far.', summary: 'Far.' })),
      ),
    );
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    const paused = await store.sessions.get(sessionId);
    expect(paused?.status).toBe('paused');
    expect(paused?.error).toMatch(/out of storage space.*Continue/);
    expect(await kinds(store, sessionId)).toEqual(['done:search']);
    full = false;
    steps.put = original;
    await runner.resume(sessionId);
    await runner.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.status).toBe('done');
    expect(await kinds(store, sessionId)).toEqual(['done:search', 'done:visit', 'done:answer']);
  });
});
