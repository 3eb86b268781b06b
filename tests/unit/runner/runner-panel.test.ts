import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import type { AgentTools } from '../../../src/agent/deps';
import { createResearchRunner, type RunnerDeps } from '../../../src/runner/runner';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';
import type { Store } from '../../../src/store';
import { stepFromRecord } from '../../../src/store/step-codec';
import { freshStore } from '../store/helpers';

const call = (name: string, args: unknown) =>
  `<think>\nplan\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

const working: AgentTools = {
  async search(queries) {
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

function setup(
  store: Store,
  engine: ScriptedEngine,
  tools: AgentTools = working,
  over: Partial<RunnerDeps> = {},
) {
  let n = 0;
  return createResearchRunner({
    store,
    broadcast: () => undefined,
    loadSettings: async () => DEFAULT_SETTINGS,
    engine: async () => engine,
    tools: () => tools,
    clock: () => 1_700_000_000_000 + n * 1000,
    newId: () => `id-${++n}`,
    ...over,
  });
}

describe('the runner tells the truth about how a run ended', () => {
  it('a run whose every search failed ends as failed, pointing to the search settings', async () => {
    const store = await freshStore();
    const failing: AgentTools = {
      ...working,
      async search(queries) {
        return queries.map((query) => ({ query, hits: [], error: 'DuckDuckGo answered HTTP 429' }));
      },
    };
    const engine = new ScriptedEngine([
      call('search', { query: ['moon distance'] }),
      call('search', { query: ['moon km'] }),
      '<think>\nnothing found\n</think>\n<answer>I could not find it.</answer>',
    ]);
    const runner = setup(store, engine, failing);
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    const session = await store.sessions.get(sessionId);
    expect(session?.status).toBe('error');
    expect(session?.errorCode).toBe('search-failed');
    expect(session?.error).toMatch(/Every search.*HTTP 429.*Options → Search/);
  });

  it('a run whose searches the user declined ends with its answer: nothing failed, the user said no', async () => {
    const store = await freshStore();
    const declining: AgentTools = {
      ...working,
      async search(queries) {
        return queries.map((query) => ({
          query,
          hits: [],
          error: 'The user declined to send this search query.',
          errorInfo: { code: 'search-declined', params: {} },
        }));
      },
    };
    const engine = new ScriptedEngine([
      call('search', { query: ['northwind customer lookup'] }),
      '<think>\nthe user said no\n</think>\n<answer>I could not search.</answer>',
    ]);
    const runner = setup(store, engine, declining);
    const { sessionId } = await runner.start({ question: 'What is on my page?', origin: 'ask' });
    await runner.settled(sessionId);
    const session = await store.sessions.get(sessionId);
    expect(session?.status).toBe('done');
    expect(session?.errorCode).toBeUndefined();
  });

  it('one working search is enough: the run is done', async () => {
    const store = await freshStore();
    let calls = 0;
    const flaky: AgentTools = {
      ...working,
      async search(queries) {
        calls += 1;
        return calls === 1
          ? queries.map((query) => ({ query, hits: [], error: 'timeout' }))
          : working.search(queries, { signal: new AbortController().signal });
      },
    };
    const engine = new ScriptedEngine([
      call('search', { query: ['a'] }),
      call('search', { query: ['b'] }),
      '<think>\nok\n</think>\n<answer>The Moon orbits Earth.</answer>',
    ]);
    const runner = setup(store, engine, flaky);
    const { sessionId } = await runner.start({ question: 'Moon?', origin: 'ask' });
    await runner.settled(sessionId);
    expect((await store.sessions.get(sessionId))?.status).toBe('done');
  });

  it('Stop during the first turn keeps what the model was thinking', async () => {
    const store = await freshStore();
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    let sent = 0;
    const engine = new ScriptedEngine(
      ['<think>\nFirst I will look up the mean distance of the Moon.\n</think>'],
      {
        chunkSize: 20,
        pace: async () => {
          sent += 1;
          if (sent > 2) await hold;
        },
      },
    );
    const runner = setup(store, engine);
    const { sessionId } = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await expect.poll(() => sent).toBeGreaterThan(2);
    runner.stop(sessionId);
    release();
    await runner.settled(sessionId);
    const session = await store.sessions.get(sessionId);
    expect(session?.status).toBe('stopped');
    expect(session?.partialTurn).toMatchObject({
      seq: 0,
      think: expect.stringContaining('First I will look'),
    });
  });
});

describe('follow-up questions', () => {
  it('start from the earlier answer and its sources, in the same thread', async () => {
    const store = await freshStore();
    const engine = new ScriptedEngine([
      call('search', { query: ['moon distance'] }),
      call('visit', { url: ['https://example.org/moon'], goal: 'distance' }),
      '<think>\ndone\n</think>\n<answer>The Moon is about 384,400 km from Earth on average.</answer>',
      '<think>\nthe earlier page says it\n</think>\n<answer>On average the Moon is about 384,400 km from Earth.</answer>',
    ]);
    const runner = setup(store, engine);
    const first = await runner.start({ question: 'How far is the Moon?', origin: 'ask' });
    await runner.settled(first.sessionId);
    const next = await runner.start({
      question: 'How long does light take to get there?',
      origin: 'ask',
      followUpOf: first.sessionId,
    });
    await runner.settled(next.sessionId);
    const session = await store.sessions.get(next.sessionId);
    expect(session?.question).toBe('How long does light take to get there?');
    expect(session?.followUpOf).toBe(first.sessionId);
    expect(session?.status).toBe('done');
    const steps = (await store.steps.listForSession(next.sessionId)).map(stepFromRecord);
    // The earlier run's cited page is this run's first step, read again.
    expect(steps[0]?.action).toMatchObject({ kind: 'visit', url: ['https://example.org/moon'] });
    expect(steps[0]?.sources.map((s) => s.url)).toEqual(['https://example.org/moon']);
    const sent = JSON.stringify(engine.requests[3]);
    expect(sent).toContain('How long does light take to get there?');
    expect(sent).toContain('Earlier answer: The Moon is about 384,400 km');
    expect(sent).toContain('384,400 km from Earth on average');
    // Its answer can cite the page read again.
    const cited = session?.citations as { sources: { url: string }[] };
    expect(cited.sources.map((s) => s.url)).toEqual(['https://example.org/moon']);
  });
});
