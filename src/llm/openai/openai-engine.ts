import { abortError, throwIfAborted } from '../abort';
import {
  type ChatEngine,
  type ChatMessage,
  type ChatOptions,
  type ChatResult,
  EngineError,
  type EngineInfo,
  type LoadOptions,
} from '../engine';
import { SseParser } from '../sse';
import { type ConnectionResult, testConnection } from './connection';
import { firstByteTimeout } from './errors';
import { getJson, openRequest, RefusedFields } from './http';
import { buildUsage, ReplyCollector, requestBody } from './stream';
import { serverWindow } from './window';

export type { ConnectionResult } from './connection';

/**
 * ChatEngine over an OpenAI-compatible `/chat/completions` stream (Ollama, llama.cpp server, vLLM,
 * LM Studio, hosted endpoints).
 *
 * Cancellation contract: when `opts.signal` aborts, `chat` rejects with an error named
 * 'AbortError' (the text so far has already reached `onDelta`).
 */

export interface OpenAiEngineOptions {
  /** e.g. http://127.0.0.1:11434/v1 (a trailing slash is fine). */
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Give up when no response byte arrives for this long. Default 60 s (cold model loads are slow). */
  firstByteTimeoutMs?: number;
  /** Context window to report when the server does not say its own (see openai-window.ts). Default 32768. */
  contextWindow?: number;
  /** Ask the server for its real window at load (default true). */
  probeWindow?: boolean;
  /** Body field for a GBNF grammar (llama.cpp server reads `grammar`); unset: grammar not sent. */
  grammarField?: 'grammar';
}

/** Sampling fields some strict servers refuse; dropped after the first refusal that names them. */
const OPTIONAL_FIELDS = ['top_k', 'presence_penalty'] as const;

export class OpenAiEngine implements ChatEngine {
  private modelId: string | null = null;
  private readonly baseUrl: string;
  private reportedWindow: number | null = null;
  private readonly refused = new Set<string>();

  constructor(private readonly opts: OpenAiEngineOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  info(): EngineInfo {
    return {
      kind: 'openai',
      modelId: this.modelId,
      loaded: this.modelId !== null,
      contextWindow: this.reportedWindow ?? this.opts.contextWindow ?? 32768,
    };
  }

  /** Nothing to download: remembers the model name. Use testConnection() to check the server. */
  async load(modelId: string, opts: LoadOptions = {}): Promise<void> {
    throwIfAborted(opts.signal);
    if (!modelId.trim()) {
      throw new EngineError('not-loaded', 'No model name given.', 'Enter the model name the server uses.');
    }
    this.modelId = modelId;
    this.reportedWindow =
      this.opts.probeWindow === false
        ? null
        : await serverWindow(this.baseUrl, modelId, (url) => getJson(this.opts, url, opts.signal)).catch(
            () => null,
          );
    throwIfAborted(opts.signal);
    opts.onProgress?.({ fraction: 1, text: `Using ${modelId} at ${this.baseUrl}` });
  }

  async unload(): Promise<void> {
    this.modelId = null;
    this.reportedWindow = null;
  }

  async chat(messages: readonly ChatMessage[], opts: ChatOptions): Promise<ChatResult> {
    const model = this.modelId;
    if (!model)
      throw new EngineError('not-loaded', 'No model is selected.', 'Choose a model in Options → Model.');
    throwIfAborted(opts.signal);
    const now = this.opts.now ?? (() => performance.now());
    const stream = await this.openChat(
      requestBody(model, messages, opts, this.opts.grammarField),
      opts.signal,
    );
    const reader = stream.response.body?.getReader();
    if (!reader)
      throw new EngineError('bad-response', 'The model server sent an empty response.', 'Retry the turn.');
    const reply = new ReplyCollector(opts, now);
    await this.readReply(stream, reader, reply, opts.signal);
    const { filter } = reply;
    if (filter.stopped) reply.finish = 'stop';
    else {
      const rest = filter.flush();
      if (rest) opts.onDelta?.(rest);
    }
    if (!reply.done && reply.finish === null && !filter.stopped) {
      throw new EngineError(
        'server-error',
        `The model server at ${this.baseUrl} closed the stream before finishing.`,
        'Retry the turn; check the server log if it keeps happening.',
      );
    }
    const text = filter.text;
    return {
      text,
      finishReason: reply.finish ?? 'stop',
      usage: buildUsage(messages, text, reply.deltas, reply.usage, reply.timings, {
        started: stream.sentAt,
        firstDeltaAt: reply.firstDeltaAt,
        lastDeltaAt: reply.lastDeltaAt,
      }),
    };
  }

  /** Reads the stream into `reply` until it is over; a broken or silent connection says so. */
  private async readReply(
    stream: Awaited<ReturnType<OpenAiEngine['openChat']>>,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    reply: ReplyCollector,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const sse = new SseParser();
    const decoder = new TextDecoder();
    try {
      while (!reply.over) {
        const { value, done: ended } = await reader.read();
        stream.gotByte();
        if (ended) break;
        for (const data of sse.push(decoder.decode(value, { stream: true }))) {
          reply.handle(data);
          if (reply.over) break;
        }
      }
      if (!reply.over) for (const data of sse.end()) reply.handle(data);
    } catch (err) {
      if (signal?.aborted) throw abortError(signal.reason);
      if (stream.timedOut())
        throw firstByteTimeout(this.baseUrl, (this.opts.firstByteTimeoutMs ?? 60_000) / 1000);
      if (err instanceof EngineError) throw err;
      throw new EngineError(
        'server-error',
        `The connection to ${this.baseUrl} broke mid-answer${err instanceof Error ? ` (${err.message})` : ''}.`,
        'Retry the turn.',
      );
    } finally {
      clearTimeout(stream.timer);
      // Stop the server generating once we have what we need (stop string seen) or on errors.
      if (!reply.done) stream.inner.abort();
      reader.releaseLock();
    }
  }

  /**
   * POST /chat/completions. A strict server that refuses an optional sampling field by name (HTTP
   * 400) is asked again without it, and not sent it again.
   */
  private async openChat(body: Record<string, unknown>, signal: AbortSignal | undefined) {
    for (const f of this.refused) delete body[f];
    const sent = OPTIONAL_FIELDS.filter((f) => f in body);
    try {
      return await this.open(
        '/chat/completions',
        { method: 'POST', body: JSON.stringify(body) },
        signal,
        sent,
      );
    } catch (err) {
      if (!(err instanceof RefusedFields)) throw err;
      for (const f of err.fields) {
        this.refused.add(f);
        delete body[f];
      }
      return this.open('/chat/completions', { method: 'POST', body: JSON.stringify(body) }, signal);
    }
  }

  private open(
    path: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    refusable?: readonly string[],
  ) {
    return openRequest(
      { ...this.opts, baseUrl: this.baseUrl, model: this.modelId ?? '' },
      path,
      init,
      signal,
      refusable,
    );
  }

  /** Lists the server's models (GET /models); says plainly what is wrong when it cannot. */
  testConnection(signal?: AbortSignal): Promise<ConnectionResult> {
    return testConnection({ ...this.opts, baseUrl: this.baseUrl, model: this.modelId }, signal);
  }
}
