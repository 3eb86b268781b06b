import { afterEach, describe, expect, it } from 'vitest';
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import { EngineError } from '../../../src/llm/engine';
import { OpenAiEngine } from '../../../src/llm/openai/openai-engine';

const TURN =
  '<think>\nsearch first\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["venus"]}}\n</tool_call>';
const msgs = [
  { role: 'system' as const, content: 'sys' },
  { role: 'user' as const, content: 'question' },
];

let server: ScriptedModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function engineFor(opts: Parameters<typeof startScriptedModelServer>[0] = {}, extra = {}) {
  server = await startScriptedModelServer(opts);
  const engine = new OpenAiEngine({ baseUrl: server.url, ...extra });
  await engine.load('scripted-model');
  return { engine, server };
}

async function rejection(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
}

describe('OpenAiEngine', () => {
  it('streams a turn, reporting deltas, finish reason, usage and the request it sent', async () => {
    const { engine, server } = await engineFor({ turns: [TURN], chunkSize: 3 }, { apiKey: 'k-123' });
    const deltas: string[] = [];
    const r = await engine.chat(msgs, {
      maxTokens: 512,
      temperature: 0.6,
      topP: 0.95,
      stop: ['<tool_response>'],
      onDelta: (d) => deltas.push(d),
    });
    expect(r.text).toBe(TURN);
    expect(deltas.join('')).toBe(TURN);
    expect(deltas.length).toBeGreaterThan(10);
    expect(r.finishReason).toBe('stop');
    expect(r.usage.completionTokens).toBe(Math.ceil(TURN.length / 4));
    const req = server.requests.find((r) => r.path === '/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer k-123');
    expect(req?.body).toMatchObject({
      model: 'scripted-model',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 512,
      temperature: 0.6,
      top_p: 0.95,
      stop: ['<tool_response>'],
      messages: msgs,
    });
  });

  it('uses the window the server reports, else the configured one, and asks only at load', async () => {
    const reported = await engineFor({ contextWindow: 262_144 }, { contextWindow: 8192 });
    expect(reported.engine.info().contextWindow).toBe(262_144);
    await reported.server.close();
    const silent = await engineFor({}, { contextWindow: 8192 });
    expect(silent.engine.info().contextWindow).toBe(8192);
    // llama.cpp reports its loaded window in /props; the scripted server has none, so it was asked.
    expect(silent.server.requests.map((r) => r.path)).toEqual(['/v1/models', '/props']);
  });

  it('asks again without top_k when a strict server refuses it, and no longer sends it', async () => {
    const { server } = await engineFor({ turns: [TURN, TURN] });
    let refused = false;
    const fetchOnce: typeof fetch = async (url, init) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      if (!refused && body && 'top_k' in body) {
        refused = true;
        return new Response(
          JSON.stringify({ error: { message: 'Unrecognized request argument supplied: top_k' } }),
          {
            status: 400,
          },
        );
      }
      return fetch(url, init);
    };
    const strict = new OpenAiEngine({ baseUrl: server.url, fetch: fetchOnce, probeWindow: false });
    await strict.load('scripted-model');
    const opts = { maxTokens: 64, topK: 20, presencePenalty: 1.1 };
    expect((await strict.chat(msgs, opts)).text).toBe(TURN);
    expect((await strict.chat(msgs, opts)).text).toBe(TURN);
    const bodies = server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body);
    expect(bodies).toHaveLength(2);
    for (const b of bodies) expect(b).toMatchObject({ presence_penalty: 1.1 });
    for (const b of bodies) expect(b).not.toHaveProperty('top_k');
  });

  it('cuts the text at a stop string and reports length when the server ran out of tokens', async () => {
    const { engine } = await engineFor({
      turns: [`${TURN}\n<tool_response>\ninvented`, { text: '<think>\nlong', finishReason: 'length' }],
    });
    const a = await engine.chat(msgs, { maxTokens: 100, stop: ['<tool_response>'] });
    expect(a.text).toBe(`${TURN}\n`);
    const b = await engine.chat(msgs, { maxTokens: 100 });
    expect(b.finishReason).toBe('length');
  });

  it('rejects with AbortError when aborted mid-stream, after some text arrived', async () => {
    const { engine } = await engineFor({ turns: [TURN.repeat(5)], chunkSize: 2, chunkDelayMs: 5 });
    const ctrl = new AbortController();
    let seen = '';
    const p = engine.chat(msgs, {
      maxTokens: 100,
      signal: ctrl.signal,
      onDelta: (d) => {
        seen += d;
        if (seen.length >= 10) ctrl.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.length).toBeGreaterThanOrEqual(10);
    expect(seen.length).toBeLessThan(TURN.length * 5);
  });

  it('says the API key was rejected on 401', async () => {
    const { engine } = await engineFor({ turns: [TURN], apiKey: 'right' }, { apiKey: 'wrong' });
    const err = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(err.code).toBe('unauthorized');
    expect(err.message).toMatch(/rejected the API key/);
  });

  it('reports a server error on 500 and a missing model on 404', async () => {
    const { engine, server } = await engineFor({ turns: [TURN] });
    server.fail('500');
    const e500 = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(e500.code).toBe('server-error');
    expect(e500.message).toMatch(/HTTP 500.*scripted internal error/);
    server.fail('404-model');
    const e404 = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(e404.code).toBe('not-loaded');
    expect(e404.message).toMatch(/no model named "scripted-model"/);
  });

  it('times out when the server sends nothing', async () => {
    const { engine, server } = await engineFor({ turns: [TURN] }, { firstByteTimeoutMs: 150 });
    server.fail('hang');
    const err = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/sent nothing for 0.15 s/);
  });

  it('names a malformed chunk and a dropped connection', async () => {
    const { engine, server } = await engineFor({ turns: [TURN, TURN] });
    server.fail('malformed');
    const bad = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(bad.code).toBe('bad-response');
    expect(bad.message).toMatch(/not JSON/);
    server.fail('drop');
    const dropped = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(dropped.code).toBe('server-error');
  });

  it('says it could not reach a server that is not running', async () => {
    const probe = await startScriptedModelServer();
    const url = probe.url;
    await probe.close();
    const engine = new OpenAiEngine({ baseUrl: url });
    await engine.load('m');
    const err = await rejection(engine.chat(msgs, { maxTokens: 10 }));
    expect(err.code).toBe('offline');
    expect(err.message).toContain(`Could not reach ${url}`);
    const test = await engine.testConnection();
    expect(test).toMatchObject({ ok: false, code: 'offline' });
  });

  it('lists models in testConnection and says whether the chosen one is there', async () => {
    const { engine } = await engineFor({ models: ['qwen3:4b', 'scripted-model'] });
    const r = await engine.testConnection();
    expect(r).toMatchObject({ ok: true, models: ['qwen3:4b', 'scripted-model'], modelFound: true });
  });
});
