import * as v from 'valibot';
import {
  type ChatMessage,
  type ChatOptions,
  type ChatUsage,
  EngineError,
  type FinishReason,
} from '../engine';
import { ReasoningWrap } from '../reasoning-wrap';
import { StopFilter } from '../stop-filter';
import { estimateTokens } from '../token-estimate';
import { type Chunk, ChunkSchema, describeIssue } from './schema';

/** Pieces of reading an OpenAI-compatible stream: chunk validation, finish reasons, usage. */

export function parseChunk(data: string): Chunk {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new EngineError(
      'bad-response',
      `The model server sent a stream chunk that is not JSON: ${JSON.stringify(data.slice(0, 80))}.`,
      'Check that the server speaks the OpenAI chat-completions streaming format.',
    );
  }
  const parsed = v.safeParse(ChunkSchema, json);
  if (!parsed.success) {
    throw new EngineError(
      'bad-response',
      `The model server sent a malformed stream chunk (${describeIssue(parsed.issues)}).`,
      'Check that the server speaks the OpenAI chat-completions streaming format.',
    );
  }
  return parsed.output;
}

export function mapFinish(reason: string): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'stop' || reason === 'eos' || reason === 'tool_calls') return 'stop';
  return 'error';
}

export function buildUsage(
  messages: readonly ChatMessage[],
  text: string,
  deltas: number,
  usage: Chunk['usage'],
  timings: Chunk['timings'],
  t: { started: number; firstDeltaAt: number; lastDeltaAt: number },
): ChatUsage {
  const promptTokens = usage?.prompt_tokens ?? estimateTokens(messages.map((m) => m.content).join('\n'));
  const completionTokens = usage?.completion_tokens ?? Math.max(deltas, estimateTokens(text));
  const decodeSeconds = (t.lastDeltaAt - t.firstDeltaAt) / 1000;
  // Without server timings, prefill speed is time-to-first-token based (includes the network).
  const ttft = (t.firstDeltaAt - t.started) / 1000;
  const out: ChatUsage = { promptTokens, completionTokens };
  const decode =
    timings?.predicted_per_second ?? (decodeSeconds > 0 ? (completionTokens - 1) / decodeSeconds : undefined);
  const prefill =
    timings?.prompt_per_second ?? (ttft > 0 && t.firstDeltaAt > 0 ? promptTokens / ttft : undefined);
  if (decode !== undefined && Number.isFinite(decode)) out.decodeTokensPerSecond = decode;
  if (prefill !== undefined && Number.isFinite(prefill)) out.prefillTokensPerSecond = prefill;
  if (timings?.prompt_n !== undefined) out.prefillTokens = timings.prompt_n;
  return out;
}

/** The `/chat/completions` body of one streamed request. */
export function requestBody(
  model: string,
  messages: readonly ChatMessage[],
  opts: ChatOptions,
  grammarField: 'grammar' | undefined,
): Record<string, unknown> {
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
  if (opts.grammar && grammarField) body[grammarField] = opts.grammar;
  return body;
}

/**
 * A reply as its stream's events arrive: reasoning put back into `<think>`, text through the stop
 * filter to `onDelta`, and the usage, timings, finish reason and delta times the server gave.
 */
export class ReplyCollector {
  readonly filter: StopFilter;
  private readonly wrap: ReasoningWrap;
  firstDeltaAt = 0;
  lastDeltaAt = 0;
  deltas = 0;
  finish: FinishReason | null = null;
  usage: Chunk['usage'] = null;
  timings: Chunk['timings'] = null;
  /** The server sent `[DONE]`. */
  done = false;

  constructor(
    private readonly opts: ChatOptions,
    private readonly now: () => number,
  ) {
    this.filter = new StopFilter(opts.stop ?? []);
    this.wrap = new ReasoningWrap(opts.prefix ?? '');
  }

  /** Nothing more to read: the stream said it is done, or a stop string was seen. */
  get over(): boolean {
    return this.done || this.filter.stopped;
  }

  handle(data: string): void {
    if (data.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    const chunk = parseChunk(data);
    if (chunk.usage) this.usage = chunk.usage;
    if (chunk.timings) this.timings = chunk.timings;
    const choice = chunk.choices[0];
    if (!choice) return;
    const delta = choice.delta;
    const content =
      this.wrap.reasoning(delta?.reasoning_content ?? delta?.reasoning ?? '') +
      this.wrap.content(delta?.content ?? '');
    if (content && !this.filter.stopped) {
      const at = this.now();
      if (this.deltas++ === 0) this.firstDeltaAt = at;
      this.lastDeltaAt = at;
      const visible = this.filter.push(content);
      if (visible) this.opts.onDelta?.(visible);
    }
    if (choice.finish_reason) this.finish = mapFinish(choice.finish_reason);
  }
}
