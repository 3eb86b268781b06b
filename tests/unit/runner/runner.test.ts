import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import type { AgentTools } from '../../../src/agent/deps';
import type { LiveEvent } from '../../../src/messaging/live';
import { createResearchRunner, type RunnerDeps } from '../../../src/runner/runner';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';
import type { Store } from '../../../src/store';
import { stepFromRecord } from '../../../src/store/step-codec';
import { freshStore } from '../store/helpers';

const call = (name: string, args: unknown) =>
  `<think>\nplan\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

const savedBeforeTool: boolean[] = [];
let storeForCheck: Store | null = null;

const tools: AgentTools = {
  async search(queries) {
    if (storeForCheck) {
      const saved = await storeForCheck.steps.listForSession('id-1');
      savedBeforeTool.push(saved.some((r) => r.status === 'pending' && r.seq === 0));
    }
    return queries.map((query) => ({
      query,
      hits: [{ title: 'Moon facts', url: 'https://example.org/moon', snippet: 'The Moon orbits Earth.' }],
    }));
  },
  async visit(urls) {
    return urls.map((url) => ({
      url,
      title: 'Moon facts',
      ok: true,
      evidence: 'The Moon is about 384,400 km from Earth on average.',
      summary: 'Distance of the Moon.',
    }));
  },
};

function setup(store: Store, engine: ScriptedEngine, overrides: Partial<RunnerDeps> = {}) {
  const events: LiveEvent[] = [];
  let n = 0;
  const runner = createResearchRunner({
    store,
    broadcast: (e) => events.push(e),
    loadSettings: async () => DEFAULT_SETTINGS,
    engine: async () => engine,
    tools: () => tools,
    clock: () => 1_700_000_000_000 + n * 1000,
    newId: () => `id-${++n}`,
    ...overrides,
  });
  return { runner, events };
}

describe('research runner', () => {
  it('saves every step and the cited answer, and shows each step only after it is saved', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([
      call('search', { query: ['moon distance'] }),
      call('visit', { url: ['https://example.org/moon'], goal: 'distance' }),
      '<think>\ndone\n</think>\n<answer>The Moon is about 384,400 km from Earth on average.</answer>',
    ]);
    const seenSaved: boolean[] = [];
    const { runner, events } = setup(store, engine, {
      broadcast: (e) => {
        if (e.type === 'session' && e.event.type === 'step-started') {
          const seq = e.event.step.seq;
          void store.steps
            .listForSession(e.sessionId)
            .then((s) => seenSaved.push(s.some((r) => r.seq === seq)));
        }
      },
    });
    storeForCheck = store;
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    storeForCheck = null;
    // Write-ahead: the step was durable (pending) before its search ran.
    expect(savedBeforeTool).toEqual([true]);
    const session = await store.sessions.get(sessionId);
    expect(session?.status).toBe('done');
    expect(session?.answer).toContain('384,400 km');
    const citations = session?.citations as { sources: { url: string }[] };
    expect(citations.sources.map((s) => s.url)).toEqual(['https://example.org/moon']);
    const steps = (await store.steps.listForSession(sessionId)).map(stepFromRecord);
    expect(steps.map((s) => s.action.kind)).toEqual(['search', 'visit', 'answer']);
    expect(steps.every((s) => s.status === 'done')).toBe(true);
    expect(seenSaved.every(Boolean)).toBe(true);
    expect(events).toBeDefined();
  });

  it('resumes a stopped session with exactly the conversation it had', async () => {
    const store = await freshStore();
    let unblock: () => void = () => {};
    const hang = new Promise<void>((r) => {
      unblock = r;
    });
    const first: ScriptedEngine = new ScriptedEngine(
      [call('search', { query: ['moon distance'] }), '<think>x</think><answer>never</answer>'],
      {
        // The second turn never finishes streaming: the user stops the run in the middle of it.
        pace: async () => {
          if (first.callCount > 1) await hang;
        },
      },
    );
    const { runner } = setup(store, first);
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await expect.poll(() => first.callCount).toBe(2);
    runner.stop(sessionId);
    unblock();
    await runner.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.status).toBe('stopped');

    const second = new ScriptedEngine(['<think>\nenough\n</think>\n<answer>About 384,400 km.</answer>']);
    const { runner: again } = setup(store, second);
    await again.resume(sessionId);
    await again.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.status).toBe('done');
    const sentBefore = first.requests[1];
    const sentAfter = second.requests[0];
    expect(sentAfter).toEqual(sentBefore);
  });

  it('seeds a "research this page" session with the page as the first observation', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine(['<think>\nok\n</think>\n<answer>It is about tides.</answer>']);
    const { runner } = setup(store, engine);
    const { sessionId } = await runner.start({
      question: 'What is this page about?',
      origin: 'page',
      page: { url: 'https://example.org/tides', title: 'Tides', markdown: 'Tides are caused by the Moon.' },
    });
    await runner.settled(sessionId);
    const firstRequest = engine.requests[0] ?? [];
    const observation = firstRequest.at(-1)?.content ?? '';
    expect(observation).toContain('<tool_response>');
    expect(observation).toContain('https://example.org/tides');
    expect(observation).toContain('Tides are caused by the Moon.');
    const session = await store.sessions.get(sessionId);
    expect(session?.originTitle).toBe('Tides');
  });

  it('seeds "research selection" with the selected passage first and as the goal', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine(['<think>\nok\n</think>\n<answer>It is about neap tides.</answer>']);
    const { runner } = setup(store, engine);
    const { sessionId } = await runner.start({
      question: 'What are neap tides?',
      origin: 'selection',
      page: {
        url: 'https://example.org/tides',
        title: 'Tides',
        markdown: 'Tides are caused by the Moon. Spring tides are large.',
        selection: 'Neap tides occur at the quarter moons.',
      },
    });
    await runner.settled(sessionId);
    const observation = engine.requests[0]?.at(-1)?.content ?? '';
    expect(observation).toContain('Neap tides occur at the quarter moons.');
    expect(observation).toMatch(/for user goal Understand the selected passage: Neap tides/);
    expect((await store.sessions.get(sessionId))?.origin).toBe('selection');
  });

  it('retrying a page-seeded run from its first step keeps the page', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([
      '<think>\nok\n</think>\n<answer>First try.</answer>',
      '<think>\nagain\n</think>\n<answer>Second try.</answer>',
    ]);
    const { runner } = setup(store, engine);
    const page = {
      url: 'https://example.org/tides',
      title: 'Tides',
      markdown: 'Tides are caused by the Moon.',
    };
    const { sessionId } = await runner.start({ question: 'What is this page about?', origin: 'page', page });
    await runner.settled(sessionId);
    await runner.retryFrom(sessionId, 0);
    await runner.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.answer).toBe('Second try.');
    expect(engine.requests[1]).toEqual(engine.requests[0]);
  });

  it('marks sessions left running by a crashed document as paused', async () => {
    const store = await freshStore();
    await store.sessions.create({ id: 'old', question: 'q', origin: 'ask', status: 'running', settings: {} });
    const { runner } = setup(store, new ScriptedEngine([]));
    expect(await runner.pauseOrphans()).toBe(1);
    expect((await store.sessions.get('old'))?.status).toBe('paused');
  });

  it('turns an engine that cannot load into a session error with its hint', async () => {
    const store = await freshStore();
    const { runner } = setup(store, new ScriptedEngine([]), {
      engine: async () => {
        throw Object.assign(new Error('WebGPU is not available.'), { hint: 'Use wllama on CPU.' });
      },
    });
    const { sessionId } = await runner.start({ question: 'q?', origin: 'ask' });
    await runner.settled(sessionId);
    const s = await store.sessions.get(sessionId);
    expect(s?.status).toBe('error');
    expect(s?.error).toBe('WebGPU is not available. Use wllama on CPU.');
  });
});

describe('research runner limits', () => {
  it('refuses a second run while one is going, in words', async () => {
    const store = await freshStore();
    let unblock: () => void = () => {};
    const hang = new Promise<void>((r) => {
      unblock = r;
    });
    const engine = new ScriptedEngine(['<think>x</think><answer>a</answer>'], { pace: () => hang });
    const { runner } = setup(store, engine);
    const { sessionId } = await runner.start({ question: 'first?', origin: 'ask' });
    await expect(runner.start({ question: 'second?', origin: 'ask' })).rejects.toThrow(/already going/);
    runner.stop(sessionId);
    unblock();
    await runner.settled(sessionId);
  });

  it('two panels pressing Start at the same moment get one run, and the other a clear refusal', async () => {
    const store = await freshStore();
    let unblock: () => void = () => {};
    const hang = new Promise<void>((r) => {
      unblock = r;
    });
    const engine = new ScriptedEngine(['<think>x</think><answer>a</answer>'], { pace: () => hang });
    const { runner } = setup(store, engine);
    const both = await Promise.allSettled([
      runner.start({ question: 'from panel one?', origin: 'ask' }),
      runner.start({ question: 'from panel two?', origin: 'ask' }),
    ]);
    const started = both.filter((r) => r.status === 'fulfilled');
    const refused = both.filter((r) => r.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String(refused[0]?.reason)).toMatch(/already going/);
    expect(runner.activeIds()).toHaveLength(1);
    // The refused request left nothing behind: one session in history, not a second one left 'running'.
    expect(await store.sessions.listByStatus('running')).toHaveLength(1);
    // A resume racing a start is refused the same way.
    const id = runner.activeIds()[0] ?? '';
    runner.stop(id);
    unblock();
    await runner.settled(id);
    const [again, resumed] = await Promise.allSettled([
      runner.start({ question: 'third?', origin: 'ask' }),
      runner.resume(id),
    ]);
    expect([again.status, resumed.status].sort()).toEqual(['fulfilled', 'rejected']);
    for (const sid of runner.activeIds()) runner.stop(sid);
    await Promise.all(runner.activeIds().map((sid) => runner.settled(sid)));
  });

  it('pauses a run whose GPU device was lost, so it can continue later', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([]);
    engine.chat = async () => {
      throw Object.assign(new Error('The GPU device was lost.'), {
        code: 'device-lost',
        hint: 'Reload and continue.',
      });
    };
    const { runner } = setup(store, engine);
    const { sessionId } = await runner.start({ question: 'q?', origin: 'ask' });
    await runner.settled(sessionId);
    const s = await store.sessions.get(sessionId);
    expect(s?.status).toBe('paused');
    expect(s?.error).toContain('GPU device was lost');
  });
});
