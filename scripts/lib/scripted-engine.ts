import { abortError } from '../../src/llm/abort';
import type { ChatEngine, ChatMessage, ChatOptions, ChatResult, EngineInfo } from '../../src/llm/engine';

/**
 * A ChatEngine that plays back prepared assistant outputs: the scripted model for replay, bench and
 * tests. Streams each output in chunks through onDelta, stops at the first stop string (excluded
 * from the text, as real engines do), honours maxTokens and AbortSignal, and reports usage with
 * prefill counted as the part of the prompt not shared with the previous request and its reply.
 */
export interface ScriptedEngineOptions {
  /** Characters per streamed chunk. */
  chunkSize?: number;
  /** Token counter for usage and maxTokens; defaults to ~4 characters a token. */
  countTokens?: (text: string) => number;
  contextWindow?: number;
  /** Called between chunks, e.g. to simulate decode time; default: a microtask. */
  pace?: (chunk: string) => Promise<void>;
}

export type Script = readonly string[] | ((messages: readonly ChatMessage[], call: number) => string);

export class ScriptedEngine implements ChatEngine {
  /** Every request received, in order (copies). */
  readonly requests: ChatMessage[][] = [];
  private readonly cache = new Map<string, number>();
  private held: ChatMessage[] = [];
  private modelId: string | null = 'scripted';

  constructor(
    private readonly script: Script,
    private readonly opts: ScriptedEngineOptions = {},
  ) {}

  get callCount(): number {
    return this.requests.length;
  }

  async load(modelId: string): Promise<void> {
    this.modelId = modelId;
  }

  async unload(): Promise<void> {
    this.modelId = null;
  }

  info(): EngineInfo {
    return {
      kind: 'scripted',
      modelId: this.modelId,
      loaded: this.modelId !== null,
      contextWindow: this.opts.contextWindow ?? 32768,
    };
  }

  async countTokens(text: string): Promise<number> {
    return this.count(text);
  }

  async chat(messages: readonly ChatMessage[], options: ChatOptions): Promise<ChatResult> {
    const call = this.requests.length;
    this.requests.push(messages.map((m) => ({ ...m })));
    if (options.signal?.aborted) throw abortError(options.signal.reason);
    const full = typeof this.script === 'function' ? this.script(messages, call) : (this.script[call] ?? '');
    let text = full;
    let finishReason: ChatResult['finishReason'] = 'stop';
    const stopAt = firstStop(text, options.stop ?? []);
    if (stopAt >= 0) text = text.slice(0, stopAt);
    const limit = Math.max(0, options.maxTokens);
    if (this.count(text) > limit) {
      text = this.truncate(text, limit);
      finishReason = 'length';
    }
    const size = Math.max(1, this.opts.chunkSize ?? 16);
    for (let i = 0; i < text.length; i += size) {
      const chunk = text.slice(i, i + size);
      if (this.opts.pace) await this.opts.pace(chunk);
      else await Promise.resolve();
      if (options.signal?.aborted) throw abortError(options.signal.reason);
      options.onDelta?.(chunk);
    }
    if (options.signal?.aborted) throw abortError(options.signal.reason);
    const promptTokens = this.promptTokens(messages);
    const prefillTokens = promptTokens - this.sharedPrefixTokens(messages);
    this.held = [...messages, { role: 'assistant', content: text }];
    return { text, finishReason, usage: { promptTokens, completionTokens: this.count(text), prefillTokens } };
  }

  private count(text: string): number {
    const hit = this.cache.get(text);
    if (hit !== undefined) return hit;
    const n = this.opts.countTokens ? this.opts.countTokens(text) : Math.ceil(text.length / 4);
    this.cache.set(text, n);
    return n;
  }

  private promptTokens(messages: readonly ChatMessage[]): number {
    return messages.reduce((sum, m) => sum + this.count(m.content) + 5, 3);
  }

  private sharedPrefixTokens(messages: readonly ChatMessage[]): number {
    let sum = 0;
    for (let i = 0; i < messages.length && i < this.held.length; i++) {
      const a = messages[i];
      const b = this.held[i];
      if (!a || !b || a.role !== b.role || a.content !== b.content) break;
      sum += this.count(a.content) + 5;
    }
    return sum;
  }

  /** Longest prefix within the token limit (binary search on characters). */
  private truncate(text: string, limit: number): string {
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.count(text.slice(0, mid)) <= limit) lo = mid;
      else hi = mid - 1;
    }
    return text.slice(0, lo);
  }
}

function firstStop(text: string, stops: readonly string[]): number {
  let best = -1;
  for (const s of stops) {
    if (!s) continue;
    const at = text.indexOf(s);
    if (at >= 0 && (best < 0 || at < best)) best = at;
  }
  return best;
}
