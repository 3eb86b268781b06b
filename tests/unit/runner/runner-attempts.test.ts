import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import type { AgentTools } from '../../../src/agent/deps';
import type { LiveEvent } from '../../../src/messaging/live';
import { createResearchRunner, type RunnerDeps } from '../../../src/runner/runner';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';
import type { Store } from '../../../src/store';
import { freshStore } from '../store/helpers';

const answer = (text: string) => `<think>\nok\n</think>\n<answer>${text}</answer>`;
const search = (q: string) =>
  `<think>\nlook\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["${q}"]}}\n</tool_call>`;
const A = 'The Moon is about 384,400 km from Earth on average.';
const B = 'The Moon is roughly one million miles from the Sun.';
const A2 = 'On average the Moon is roughly 384,400 kilometres from Earth.';

const tools: AgentTools = {
  search: async () => [],
  visit: async () => [],
};

function setup(store: Store, engine: ScriptedEngine, idPrefix = 'id', over: Partial<RunnerDeps> = {}) {
  const events: LiveEvent[] = [];
  let n = 0;
  const runner = createResearchRunner({
    store,
    broadcast: (e) => events.push(e),
    loadSettings: async () => ({ ...DEFAULT_SETTINGS, attempts: 3 }),
    engine: async () => engine,
    tools: () => tools,
    clock: () => 1_700_000_000_000 + n * 1000,
    newId: () => `${idPrefix}-${++n}`,
    ...over,
  });
  return { runner, events };
}

const votesOf = (stats: unknown) => (stats as { votes?: { attempts: number; agreeing: number } }).votes;

describe('research runner with several attempts', () => {
  it('runs each attempt as a child session and keeps the answer most of them agree on', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([answer(A), answer(B), answer(A2)]);
    const { runner, events } = setup(store, engine);
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    const parent = await store.sessions.get(sessionId);
    expect(parent?.status).toBe('done');
    expect([A, A2]).toContain(parent?.answer);
    expect(votesOf(parent?.stats)).toMatchObject({ attempts: 3, agreeing: 2 });
    const children = await store.sessions.listChildren(sessionId);
    expect(children.map((c) => [c.attempt, c.answer, c.status])).toEqual([
      [2, B, 'done'],
      [3, A2, 'done'],
    ]);
    // Each attempt streams under its own id, so the parent's view is not mixed with them.
    const answeredIn = events.flatMap((e) =>
      e.type === 'session' && e.event.type === 'answer' ? [e.sessionId] : [],
    );
    expect(answeredIn).toEqual([sessionId, ...children.map((c) => c.id)]);
    expect(await store.sessions.listNewestFirst({ topLevel: true })).toHaveLength(1);
  });

  it('starts every attempt of a page run from the page', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([answer(A), answer(A2), answer(B)]);
    const { runner } = setup(store, engine);
    const page = { url: 'https://example.org/moon', title: 'Moon', markdown: 'The Moon orbits Earth.' };
    const { sessionId } = await runner.start({ question: 'How far?', origin: 'page', page });
    await runner.settled(sessionId);
    expect(engine.requests[1]).toEqual(engine.requests[0]);
    expect(engine.requests[2]).toEqual(engine.requests[0]);
    for (const child of await store.sessions.listChildren(sessionId)) {
      expect((await store.steps.listForSession(child.id))[0]?.observation).toContain(
        'The Moon orbits Earth.',
      );
    }
  });

  it('Stop during a later attempt stops the whole run and keeps the first answer; Continue finishes', async () => {
    const store = await freshStore();
    let unblock: () => void = () => {};
    const hang = new Promise<void>((r) => {
      unblock = r;
    });
    const engine: ScriptedEngine = new ScriptedEngine([answer(A), answer('never')], {
      pace: async () => {
        if (engine.callCount > 1) await hang;
      },
    });
    const { runner } = setup(store, engine);
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await expect.poll(() => engine.callCount).toBe(2);
    expect((await store.sessions.get(sessionId))?.status).toBe('running');
    expect(runner.stop(sessionId)).toBe(true);
    unblock();
    await runner.settled(sessionId);
    const parent = await store.sessions.get(sessionId);
    expect(parent?.status).toBe('stopped');
    expect(parent?.answer).toBe(A);
    expect((await store.sessions.listChildren(sessionId)).map((c) => c.status)).toEqual(['stopped']);

    const again = setup(store, new ScriptedEngine([answer(B), answer(A2)]), 'again');
    await again.runner.resume(sessionId);
    await again.runner.settled(sessionId);
    const done = await store.sessions.get(sessionId);
    expect(done?.status).toBe('done');
    expect(votesOf(done?.stats)).toMatchObject({ attempts: 3, agreeing: 2 });
    // The cut-off attempt was run again, not left beside its replacement.
    expect((await store.sessions.listChildren(sessionId)).map((c) => c.attempt)).toEqual([2, 3]);
  });

  it('runs the further attempts after a failed first attempt, and answers from them', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([answer(A), answer(A2)]);
    const chat = engine.chat.bind(engine);
    let calls = 0;
    engine.chat = async (messages, opts) => {
      if (calls++ === 0) throw new Error('model server hiccup');
      return chat(messages, opts);
    };
    const { runner } = setup(store, engine);
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    const parent = await store.sessions.get(sessionId);
    expect(parent?.status).toBe('done');
    expect([A, A2]).toContain(parent?.answer);
    expect(parent?.error).toBeUndefined();
    expect(votesOf(parent?.stats)).toMatchObject({ attempts: 3, agreeing: 2 });
    expect((await store.sessions.listChildren(sessionId)).map((c) => c.status)).toEqual(['done', 'done']);
  });

  it('runs no further attempts when the engine could not start', async () => {
    const store = await freshStore();
    const { runner } = setup(store, new ScriptedEngine([]), 'id', {
      engine: async () => {
        throw new Error('model download failed');
      },
    });
    const { sessionId } = await runner.start({ question: 'q?', origin: 'ask' });
    await runner.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.status).toBe('error');
    expect(await store.sessions.listChildren(sessionId)).toEqual([]);
  });

  it('an answer forced out at the step limit weighs less than one the model chose to give', async () => {
    const store = await freshStore();
    // Attempt 1 searches and is then forced to answer (step limit 2); attempt 2 answers freely.
    const engine = new ScriptedEngine([search('moon'), answer(B), answer(A)]);
    const { runner } = setup(store, engine, 'id', {
      loadSettings: async () => ({ ...DEFAULT_SETTINGS, attempts: 2, stepLimit: 2 }),
    });
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    const parent = await store.sessions.get(sessionId);
    expect(parent?.answer).toBe(A);
    expect(votesOf(parent?.stats)).toMatchObject({ attempts: 2, agreeing: 1 });
  });

  it('runs attempts at once on a model server when asked to', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([answer(A), answer(A2), answer(B)]);
    const chat = engine.chat.bind(engine);
    let running = 0;
    let most = 0;
    engine.chat = async (messages, opts) => {
      running++;
      most = Math.max(most, running);
      // Hold each turn until all three are in flight, or a moment has passed.
      await expect
        .poll(() => running, { timeout: 300 })
        .toBe(3)
        .catch(() => undefined);
      try {
        return await chat(messages, opts);
      } finally {
        running--;
      }
    };
    const settings = { ...DEFAULT_SETTINGS, attempts: 3, parallelAttempts: 3, engine: 'openai' as const };
    const { runner } = setup(store, engine, 'id', { loadSettings: async () => settings });
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    expect(most).toBe(3);
    expect(votesOf((await store.sessions.get(sessionId))?.stats)).toMatchObject({ attempts: 3, agreeing: 2 });
  });
});
