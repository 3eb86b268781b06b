import { abortError, throwIfAborted } from '../abort';
import {
  type ChatEngine,
  type ChatMessage,
  type ChatOptions,
  type ChatResult,
  EngineError,
  type EngineInfo,
  type FinishReason,
  type LoadOptions,
} from '../engine';
import { ReasoningWrap } from '../reasoning-wrap';
import { SseParser } from '../sse';
import { type ConnectionResult, testConnection } from './connection';
import { firstByteTimeout } from './errors';
import { getJson, openRequest, RefusedFields } from './http';
import type { Chunk } from './schema';
import { buildUsage, mapFinish, parseChunk } from './stream';
import { serverWindow } from './window';

export type { ConnectionResult } from './connection';

import { StopFilter } from '../stop-filter';

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
    const body: Record<string, unknown> = {
      model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: opts.maxTokens,
    };
    if (opts.temperature !== undefined) body.temperature = opts.temperature;
    if (opts.topP !== undefined) body.top_p = opts.topP;
    // vLLM, SGLang, llama.cpp and LM Studio take top_k beside the OpenAI fields.
    if (opts.topK !== undefined) body.top_k = opts.topK;
    if (opts.presencePenalty !== undefined) body.presence_penalty = opts.presencePenalty;
    if (opts.stop?.length) body.stop = [...opts.stop];
    if (opts.seed !== undefined) body.seed = opts.seed;
    if (opts.grammar && this.opts.grammarField) body[this.opts.grammarField] = opts.grammar;

    const stream = await this.openChat(body, opts.signal);
    const { response, timer, inner } = stream;
    const filter = new StopFilter(opts.stop ?? []);
    const sse = new SseParser();
    const reader = response.body?.getReader();
    if (!reader)
      throw new EngineError('bad-response', 'The model server sent an empty response.', 'Retry the turn.');
    const decoder = new TextDecoder();
    const started = stream.sentAt;
    let firstDeltaAt = 0;
    let lastDeltaAt = 0;
    let deltas = 0;
    let finish: FinishReason | null = null;
    const wrap = new ReasoningWrap(opts.prefix ?? '');
    let usage: Chunk['usage'] = null;
    let timings: Chunk['timings'] = null;
    let done = false;

    const handle = (data: string): void => {
      if (data.trim() === '[DONE]') {
        done = true;
        return;
      }
      const chunk = parseChunk(data);
      if (chunk.usage) usage = chunk.usage;
      if (chunk.timings) timings = chunk.timings;
      const choice = chunk.choices[0];
      if (!choice) return;
      const delta = choice.delta;
      const content =
        wrap.reasoning(delta?.reasoning_content ?? delta?.reasoning ?? '') +
        wrap.content(delta?.content ?? '');
      if (content && !filter.stopped) {
        const at = now();
        if (deltas++ === 0) firstDeltaAt = at;
        lastDeltaAt = at;
        const visible = filter.push(content);
        if (visible) opts.onDelta?.(visible);
      }
      if (choice.finish_reason) finish = mapFinish(choice.finish_reason);
    };

    try {
      while (!done && !filter.stopped) {
        const { value, done: ended } = await reader.read();
        stream.gotByte();
        if (ended) break;
        for (const data of sse.push(decoder.decode(value, { stream: true }))) {
          handle(data);
          if (done || filter.stopped) break;
        }
      }
      if (!done && !filter.stopped) for (const data of sse.end()) handle(data);
    } catch (err) {
      if (opts.signal?.aborted) throw abortError(opts.signal.reason);
      if (stream.timedOut())
        throw firstByteTimeout(this.baseUrl, (this.opts.firstByteTimeoutMs ?? 60_000) / 1000);
      if (err instanceof EngineError) throw err;
      throw new EngineError(
        'server-error',
        `The connection to ${this.baseUrl} broke mid-answer${err instanceof Error ? ` (${err.message})` : ''}.`,
        'Retry the turn.',
      );
    } finally {
      clearTimeout(timer);
      // Stop the server generating once we have what we need (stop string seen) or on errors.
      if (!done) inner.abort();
      reader.releaseLock();
    }
    if (filter.stopped) finish = 'stop';
    else {
      const rest = filter.flush();
      if (rest) opts.onDelta?.(rest);
    }
    if (!done && finish === null && !filter.stopped) {
      throw new EngineError(
        'server-error',
        `The model server at ${this.baseUrl} closed the stream before finishing.`,
        'Retry the turn; check the server log if it keeps happening.',
      );
    }
    const text = filter.text;
    return {
      text,
      finishReason: finish ?? 'stop',
      usage: buildUsage(messages, text, deltas, usage, timings, {
        started,
        firstDeltaAt,
        lastDeltaAt,
      }),
    };
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
