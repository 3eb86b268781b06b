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
import { HINT_NO_WEBGPU, toLoadError } from '../load-errors';
import { ProgressTracker } from '../progress-stats';
import { appConfigWith, type CustomMlcModel } from './custom';
import { parseWebLlmProgress } from './progress';
import type { AppConfigLike, ConvConfigLike, WebLlmChunk, WebLlmEngineLike, WebLlmModule } from './types';

/**
 * web-llm (MLC, WebGPU) behind ChatEngine.
 *
 * KV-cache reuse (checked in web-llm 0.2.86 lib/index.js: preparePrefillInput,
 * compareConversationObject, Conversation.finishReply): before each request web-llm rebuilds a
 * Conversation from `messages[:-1]` and reuses its KV cache only if that equals the stored one
 * message by message, verbatim — same system prompt, same roles, same strings. The stored
 * assistant message is web-llm's own decoded output with the stop string cut off; it does NOT
 * strip `<think>…</think>` from earlier assistant turns (the Qwen3 conv template has no such
 * rule in web-llm, unlike the HF Jinja template), so send the previous assistant text back
 * exactly as `chat` returned it, thinking included. A reply that ended with 'abort' or 'length'
 * always resets the cache (its last token is not in the KV cache), so keep max_tokens generous.
 * The last message must be the user's (web-llm throws otherwise).
 *
 * Cancellation: on abort, generation is interrupted and `chat` rejects with an 'AbortError'.
 */

export interface WebLlmEngineOptions {
  loadModule?: () => Promise<WebLlmModule>;
  /** Applied at load as `context_window_size` (prebuilt Qwen3 records default to 4096). Default 8192. */
  contextWindow?: number;
  customModels?: readonly CustomMlcModel[];
  /**
   * Text every reply starts with (`<think>\n` for thinking models). web-llm builds the prompt from
   * the model's conversation template, so the prefix is set there at load (see prefixTemplate) and
   * a request may only ask for this one.
   */
  generationPrefix?: string;
  /** Approximate download size per model id, for progress ETA before web-llm reports bytes. */
  approxDownloadBytes?: (modelId: string) => number | undefined;
  now?: () => number;
}

const DEFAULT_CONTEXT = 8192;

export class WebLlmEngine implements ChatEngine {
  private engine: WebLlmEngineLike | null = null;
  private modelId: string | null = null;
  private contextWindow = 0;

  constructor(private readonly opts: WebLlmEngineOptions = {}) {}

  info(): EngineInfo {
    return {
      kind: 'web-llm',
      modelId: this.modelId,
      loaded: this.engine !== null,
      contextWindow: this.contextWindow,
    };
  }

  async load(modelId: string, opts: LoadOptions = {}): Promise<void> {
    throwIfAborted(opts.signal);
    await this.unload();
    const gpu = (globalThis as { navigator?: { gpu?: unknown } }).navigator?.gpu;
    if (!gpu) {
      throw new EngineError(
        'no-webgpu',
        'WebGPU is not available in this browser or context.',
        HINT_NO_WEBGPU,
      );
    }
    const mod = await (this.opts.loadModule ?? defaultLoadModule)();
    const appConfig: AppConfigLike = appConfigWith(mod.prebuiltAppConfig, this.opts.customModels ?? []);
    const tracker = new ProgressTracker(this.opts.now ?? Date.now);
    const approx = this.opts.approxDownloadBytes?.(modelId);
    const engine = new mod.MLCEngine({
      appConfig,
      initProgressCallback: (report) => {
        const p = parseWebLlmProgress(report, approx);
        opts.onProgress?.(
          p.loadedBytes !== undefined
            ? { ...tracker.update(p.loadedBytes, p.totalBytes), fraction: p.fraction }
            : p,
        );
      },
    });
    // web-llm's reload takes no signal; unload() aborts its internal download controller.
    const onAbort = () => void engine.unload().catch(() => undefined);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const contextWindow = this.opts.contextWindow ?? DEFAULT_CONTEXT;
    try {
      const prefix = this.opts.generationPrefix ?? '';
      await engine.reload(modelId, {
        context_window_size: contextWindow,
        ...(prefix ? { conv_config: prefixTemplate(prefix) } : {}),
      });
      throwIfAborted(opts.signal);
    } catch (err) {
      await engine.unload().catch(() => undefined);
      if (opts.signal?.aborted) throw abortError(opts.signal.reason);
      const mapped = toLoadError(err, { model: modelId });
      if (mapped.code === 'offline' || mapped.code === 'download-failed') {
        // A failed download may leave some shards cached; drop them so the next attempt does not
        // mix a half-written model with fresh files.
        await mod.deleteModelAllInfoInCache(modelId, appConfig).catch(() => undefined);
      }
      throw mapped;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
    }
    this.engine = engine;
    this.modelId = modelId;
    this.contextWindow = contextWindow;
    opts.onProgress?.({ fraction: 1, text: 'Model ready' });
  }

  async chat(messages: readonly ChatMessage[], opts: ChatOptions): Promise<ChatResult> {
    const engine = this.engine;
    if (!engine) throw new EngineError('not-loaded', 'No model is loaded.', 'Load a model first.');
    throwIfAborted(opts.signal);
    const onAbort = () => engine.interruptGenerate();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const loaded = this.opts.generationPrefix ?? '';
    const prefix = loaded && opts.prefix === loaded ? loaded : '';
    if (prefix) opts.onDelta?.(prefix);
    let text = '';
    let finish: FinishReason = 'stop';
    let usage: WebLlmChunk['usage'] = null;
    try {
      const stream = await engine.chat.completions.create({
        // Passed through unchanged, but for the prefix the template writes itself: web-llm keeps
        // its own reply without it, and reuses its KV cache only when history matches verbatim.
        messages: messages.map((m) => ({
          role: m.role,
          content:
            loaded && m.role === 'assistant' && m.content.startsWith(loaded)
              ? m.content.slice(loaded.length)
              : m.content,
        })),
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: opts.maxTokens,
        ...(opts.temperature === undefined ? {} : { temperature: opts.temperature }),
        ...(opts.topP === undefined ? {} : { top_p: opts.topP }),
        // web-llm 0.2.86 has no top_k; presence_penalty it has.
        ...(opts.presencePenalty === undefined ? {} : { presence_penalty: opts.presencePenalty }),
        ...(opts.stop?.length ? { stop: [...opts.stop] } : {}),
      });
      for await (const chunk of stream) {
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices[0];
        const delta = choice?.delta.content;
        if (delta) {
          text += delta;
          opts.onDelta?.(delta);
        }
        if (choice?.finish_reason) finish = mapFinish(choice.finish_reason);
      }
    } catch (err) {
      if (opts.signal?.aborted) throw abortError(opts.signal.reason);
      const mapped = toLoadError(err, { model: this.modelId ?? 'the model' });
      if (mapped.code === 'device-lost') {
        this.engine = null;
      }
      throw mapped;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
    }
    if (opts.signal?.aborted) throw abortError(opts.signal.reason);
    const extra = usage?.extra;
    return {
      text: prefix + text,
      finishReason: finish,
      usage: {
        promptTokens: usage?.prompt_tokens ?? 0,
        completionTokens: usage?.completion_tokens ?? 0,
        ...(extra?.prefill_tokens_per_s === undefined
          ? {}
          : { prefillTokensPerSecond: extra.prefill_tokens_per_s }),
        ...(extra?.decode_tokens_per_s === undefined
          ? {}
          : { decodeTokensPerSecond: extra.decode_tokens_per_s }),
      },
    };
  }

  async unload(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    this.modelId = null;
    this.contextWindow = 0;
    await engine?.unload().catch(() => undefined);
  }
}

/**
 * The ChatML (Qwen) template with a prefix after `<|im_start|>assistant\n`: in the reply header
 * that web-llm writes before generating, and in every earlier assistant turn it renders, so the
 * history it re-renders matches what its KV cache holds (checked in web-llm 0.2.86 lib/index.js:
 * getPromptArrayInternal uses role_empty_sep for the reply header, role_templates for past turns).
 */
export function prefixTemplate(prefix: string): ConvConfigLike {
  return {
    role_empty_sep: `\n${prefix}`,
    role_templates: {
      user: '{user_message}',
      assistant: `${prefix}{assistant_message}`,
      tool: '{tool_message}',
    },
  };
}

function mapFinish(reason: string): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'abort') return 'abort';
  if (reason === 'stop' || reason === 'tool_calls') return 'stop';
  return 'error';
}

function defaultLoadModule(): Promise<WebLlmModule> {
  return import('@mlc-ai/web-llm');
}
