/**
 * An OpenAI-compatible model server for tests (node:http on 127.0.0.1, port 0) that replays scripted
 * assistant turns: each request to /v1/chat/completions takes the next turn, streams it as SSE in
 * small chunks (optionally delayed), and honours `stop` by cutting at the first stop string.
 * Every request body is recorded for assertions. It can be told to fail (401, 500, hang, malformed
 * chunk, or drop the connection mid-stream) for the next N requests. A `respond` function can instead
 * choose each reply (or failure) from the request itself, for servers that play many conversations
 * at once, such as the eval's scripted models and judges.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ScriptedTurn {
  text: string;
  /** Reported when no stop string cut the text; default 'stop'. */
  finishReason?: 'stop' | 'length';
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Overrides the server's chunk delay for this turn (a slow reply to crash something during). */
  chunkDelayMs?: number;
  /** Streamed before `text` as reasoning deltas, as servers with a reasoning parser do. */
  reasoning?: string;
  reasoningField?: 'reasoning_content' | 'reasoning';
}

export type ScriptedFailure =
  | '401'
  | '404-model'
  | '500'
  | 'hang'
  | 'stall-after-headers'
  | 'stall-mid-stream'
  | 'malformed'
  | 'drop'
  /** Streams text forever, ignoring max_tokens, until the client goes away. */
  | 'endless';

/** What `respond` returns: a reply, a failure, or undefined to take the next scripted turn. */
export type ScriptedReply = string | ScriptedTurn | { fail: ScriptedFailure } | undefined;

export interface ScriptedServerOptions {
  turns?: readonly (string | ScriptedTurn)[];
  /** Chooses the reply from the parsed request body; `index` counts chat requests from 0. */
  respond?: (body: Record<string, unknown>, index: number) => ScriptedReply;
  /** Characters per streamed chunk; default 4. */
  chunkSize?: number;
  chunkDelayMs?: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get 401. */
  apiKey?: string;
  models?: readonly string[];
  /** Reported as each model's `max_model_len` in /v1/models, as vLLM does. */
  contextWindow?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (null for GET or unparsable bodies). */
  body: Record<string, unknown> | null;
}

export interface ScriptedModelServer {
  /** Base URL including /v1, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  port: number;
  requests: RecordedRequest[];
  setTurns(turns: readonly (string | ScriptedTurn)[]): void;
  /** Turns not yet served. */
  remainingTurns(): number;
  /** Fail the next `times` chat requests (default 1) the given way; null clears. */
  fail(mode: ScriptedFailure | null, times?: number): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, bad) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      data += c;
    });
    req.on('end', () => ok(data));
    req.on('error', bad);
  });
}

function cutAtStop(text: string, stop: unknown): { text: string; stopped: boolean } {
  const stops = Array.isArray(stop) ? stop.filter((s): s is string => typeof s === 'string') : [];
  if (typeof stop === 'string') stops.push(stop);
  let cut = -1;
  for (const s of stops) {
    const at = s ? text.indexOf(s) : -1;
    if (at !== -1 && (cut === -1 || at < cut)) cut = at;
  }
  return cut === -1 ? { text, stopped: false } : { text: text.slice(0, cut), stopped: true };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startScriptedModelServer(
  opts: ScriptedServerOptions = {},
): Promise<ScriptedModelServer> {
  let turns: ScriptedTurn[] = (opts.turns ?? []).map((t) => (typeof t === 'string' ? { text: t } : t));
  let failure: ScriptedFailure | null = null;
  let failuresLeft = 0;
  const requests: RecordedRequest[] = [];
  let chatRequests = 0;
  const sockets = new Set<Socket>();
  const chunkSize = Math.max(1, opts.chunkSize ?? 4);
  const models = opts.models ?? ['scripted-model'];

  const takeFailure = (): ScriptedFailure | null => {
    if (!failure || failuresLeft <= 0) return null;
    failuresLeft--;
    const f = failure;
    if (failuresLeft === 0) failure = null;
    return f;
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    requests.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body });

    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return json(res, 401, { error: { message: 'Invalid API key', type: 'invalid_request_error' } });
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const window = opts.contextWindow ? { max_model_len: opts.contextWindow } : {};
      return json(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', ...window })),
      });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return json(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    }

    const chosen = opts.respond?.(body ?? {}, chatRequests++);
    const dynamicFail = chosen && typeof chosen === 'object' && 'fail' in chosen ? chosen.fail : null;
    const fail = takeFailure() ?? dynamicFail;
    if (fail === '401') return json(res, 401, { error: { message: 'Invalid API key' } });
    if (fail === '404-model')
      return json(res, 404, { error: { message: `model "${String(body?.model)}" not found` } });
    if (fail === '500') return json(res, 500, { error: { message: 'scripted internal error' } });
    if (fail === 'hang') return; // never answer; close() destroys the socket

    const reply = chosen === undefined || dynamicFail ? undefined : chosen;
    const turn =
      reply === undefined
        ? turns.shift()
        : typeof reply === 'string'
          ? { text: reply }
          : (reply as ScriptedTurn);
    if (!turn) return json(res, 500, { error: { message: 'scripted server: no turns left' } });
    const { text, stopped } = cutAtStop(turn.text, body?.stop);
    const finish = stopped ? 'stop' : (turn.finishReason ?? 'stop');
    const usage = turn.usage ?? {
      prompt_tokens: raw.length >> 2,
      completion_tokens: Math.ceil(text.length / 4),
    };
    const id = `chatcmpl-${requests.length}`;
    const model = typeof body?.model === 'string' ? body.model : models[0];

    if (body?.stream !== true) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
      send({
        id,
        object: 'chat.completion.chunk',
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });
    res.write(': scripted stream\n\n');
    if (fail === 'stall-after-headers') return;
    chunk({ role: 'assistant', content: '' }, null);
    if (fail === 'endless') {
      chunk({ content: '<think>\n' }, null);
      // Never the same words twice (a client's repetition guard would cut a loop): a counter and a
      // pseudo-random word per sentence. A macrotask between chunks lets the client's abort run.
      let n = 0;
      let seed = 7;
      const word = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed.toString(36);
      };
      while (!res.destroyed && !res.writableEnded) {
        const text = Array.from({ length: 40 }, () => `Thought ${++n} weighs ${word()} against ${word()}. `);
        chunk({ content: text.join('') }, null);
        await sleep(1);
      }
      return;
    }
    const thinking = turn.reasoning ?? '';
    for (let i = 0; i < thinking.length; i += chunkSize)
      chunk(
        { [turn.reasoningField ?? 'reasoning_content']: thinking.slice(i, i + chunkSize), content: null },
        null,
      );
    for (let i = 0; i < text.length; i += chunkSize) {
      if (res.destroyed) return;
      const delay = turn.chunkDelayMs ?? opts.chunkDelayMs;
      if (delay) await sleep(delay);
      chunk({ content: text.slice(i, i + chunkSize) }, null);
      if (i === 0 && fail === 'malformed') {
        res.end('data: {"choices": [{"delta": {"content": "oops"\n\n');
        return;
      }
      if (i === 0 && fail === 'drop') {
        // Let the headers and first chunk reach the client first, so this is a mid-stream drop.
        await sleep(30);
        res.destroy();
        return;
      }
      if (i === 0 && fail === 'stall-mid-stream') return;
    }
    chunk({}, finish);
    const includeUsage =
      typeof body.stream_options === 'object' &&
      body.stream_options !== null &&
      (body.stream_options as { include_usage?: unknown }).include_usage === true;
    if (includeUsage) send({ id, object: 'chat.completion.chunk', model, choices: [], usage });
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    setTurns(next) {
      turns = next.map((t) => (typeof t === 'string' ? { text: t } : t));
    },
    remainingTurns: () => turns.length,
    fail(mode, times = 1) {
      failure = mode;
      failuresLeft = mode ? times : 0;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
