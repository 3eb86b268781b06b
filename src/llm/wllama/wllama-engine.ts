import type { LoadedContextInfo } from '@wllama/wllama';
import { abortError, isAbortError, throwIfAborted } from '../abort';
import { toChatMlPrompt } from '../chatml';
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
import { toLoadError } from '../load-errors';
import { ProgressTracker } from '../progress-stats';
import { StopFilter } from '../stop-filter';
import { wllamaChatError } from './errors';
import { parseGgufModelId } from './gguf-catalog';
import { kvCacheParams } from './kv-cache-type';
import { nativeLog, type WllamaInstance, type WllamaModule } from './native';
import { continuedUsage, type StreamedReply, streamReply } from './reply-stream';
import { usageOf } from './usage';

/**
 * llama.cpp in WebAssembly (wllama 3.8.1) behind ChatEngine. Loads GGUF shards handed over as
 * Blobs (downloaded and split by src/llm/download), or one GGUF by URL when no file source is
 * given; prompts in ChatML built here (see chatml.ts), streams through `createCompletion`, and
 * cuts at stop strings itself as a safety net.
 *
 * Measured facts this relies on: wllama 3.8.1 ships one wasm that runs pthreads when the page is
 * cross-origin isolated (else one thread); a reply with bytes that are not UTF-8 (a random-weight
 * model writes them within a few tokens without a grammar) fails in wllama and is continued by
 * reply-stream.ts; llama.cpp logs "offloaded N/M layers to GPU" when WebGPU took layers.
 */

export type { WllamaInstance, WllamaModule } from './native';

export interface WllamaEngineOptions {
  /** URL of wllama's `esm/wasm/wllama.wasm` as shipped inside the extension (its extension URL). */
  wasmUrl: string;
  loadModule?: () => Promise<WllamaModule>;
  /** Default 8192. */
  contextWindow?: number;
  /** Threads; 1 unless the page is cross-origin isolated. */
  nThreads?: number;
  /** 0 forces CPU; default: let wllama offload to WebGPU when present. */
  nGpuLayers?: number;
  /** Keep downloaded models in wllama's cache (default true). */
  useCache?: boolean;
  /** Sampling seed (tests use a fixed one for repeatable output). */
  seed?: number;
  now?: () => number;
  /**
   * The model's GGUF shards in load order, downloaded first when needed. Without it, `load`
   * takes a plain URL and wllama fetches it (the benches' plain pages do that).
   */
  files?: (modelId: string, opts: LoadOptions) => Promise<Blob[]>;
}

const DEFAULT_CONTEXT = 8192;

export class WllamaEngine implements ChatEngine {
  private instance: WllamaInstance | null = null;
  private modelId: string | null = null;
  private contextWindow = 0;
  private threads = 0;
  private backend: 'webgpu' | 'cpu' | undefined;
  private backendReason: string | undefined;
  private gpuLayers: { offloaded: number; total: number } | undefined;
  private busy = false;

  constructor(private readonly opts: WllamaEngineOptions) {}

  info(): EngineInfo {
    return {
      kind: 'wllama',
      modelId: this.modelId,
      loaded: this.instance !== null,
      contextWindow: this.contextWindow,
      ...(this.instance ? { threads: this.threads } : {}),
      ...(this.instance && this.backend ? { backend: this.backend } : {}),
      ...(this.instance && this.backendReason ? { backendReason: this.backendReason } : {}),
      ...(this.instance && this.gpuLayers ? { gpuLayers: this.gpuLayers } : {}),
    };
  }

  async load(modelId: string, opts: LoadOptions = {}): Promise<void> {
    const ref = parseGgufModelId(modelId);
    const url = ref?.kind === 'url' ? ref.url : null;
    if (!this.opts.files && !url) {
      throw new EngineError(
        'not-loaded',
        `"${modelId}" is not a GGUF URL.`,
        'Pick a model from the list or paste an https:// link to a .gguf file.',
      );
    }
    throwIfAborted(opts.signal);
    await this.unload();
    const blobs = this.opts.files ? await this.opts.files(modelId, opts) : null;
    throwIfAborted(opts.signal);
    const mod = await (this.opts.loadModule ?? defaultLoadModule)();
    const log = nativeLog();
    const instance = new mod.Wllama(
      { default: this.opts.wasmUrl },
      { suppressNativeLog: false, logger: log.logger },
    );
    // wllama can pick a CDN-hosted compat build (3.13.0's constructor does, for browsers without
    // JSPI or memory64); every byte of code must come from the extension, so that route is closed.
    instance.setCompat?.(null);
    const tracker = new ProgressTracker(this.opts.now ?? Date.now);
    const contextSize = this.opts.contextWindow ?? DEFAULT_CONTEXT;
    const params = {
      n_ctx: contextSize,
      n_threads: this.opts.nThreads ?? 1,
      // Larger windows than f16 fits in wasm memory hold their KV cache in q8_0 (kv-cache-type.ts).
      ...kvCacheParams(contextSize, this.opts.nGpuLayers === 0),
      ...(this.opts.nGpuLayers === undefined ? {} : { n_gpu_layers: this.opts.nGpuLayers }),
      ...(this.opts.seed === undefined ? {} : { seed: this.opts.seed }),
    };
    try {
      if (blobs && instance.loadModel) {
        opts.onProgress?.({ fraction: 1, text: 'Loading the model into memory' });
        await instance.loadModel(blobs, params);
      } else if (url) {
        await instance.loadModelFromUrl(url, {
          ...params,
          useCache: this.opts.useCache ?? true,
          ...(opts.signal ? { signal: opts.signal } : {}),
          progressCallback: ({ loaded, total }) => opts.onProgress?.(tracker.update(loaded, total)),
        });
      } else {
        throw new EngineError(
          'not-loaded',
          'This wllama build cannot load model files.',
          'Reload the extension.',
        );
      }
      throwIfAborted(opts.signal);
      this.adopt(instance, modelId, log, params.n_threads);
      opts.onProgress?.({ fraction: 1, text: 'Model ready' });
    } catch (err) {
      await instance.exit().catch(() => undefined);
      if (opts.signal?.aborted || isAbortError(err)) throw abortError(opts.signal?.reason);
      const native = log.lastError();
      const e = err instanceof Error && native ? new Error(`${err.message} (llama.cpp: ${native})`) : err;
      throw toLoadError(e, { model: modelId });
    }
  }

  /**
   * Takes a loaded instance as the engine's, with the backend llama.cpp really used. A load can
   * resolve without a usable context (seen with a malformed GGUF): the context info then says so,
   * and chatting would fail later with a less helpful error.
   */
  private adopt(
    instance: WllamaInstance,
    modelId: string,
    log: ReturnType<typeof nativeLog>,
    threads: number,
  ): void {
    const ctx = instance.getLoadedContextInfo() as LoadedContextInfo & { success?: boolean };
    if (ctx.success === false || !(ctx.n_ctx > 0)) {
      throw new EngineError(
        'bad-response',
        `wllama could not create a context for ${modelId}.`,
        'The file may not be a valid GGUF, or the context window is too large for memory; try a smaller one.',
      );
    }
    this.instance = instance;
    this.modelId = modelId;
    this.contextWindow = ctx.n_ctx;
    this.threads = instance.getNumThreads?.() ?? threads;
    const offload = log.offload();
    this.gpuLayers = offload ?? undefined;
    this.backend = this.opts.nGpuLayers !== 0 && (offload?.offloaded ?? 0) > 0 ? 'webgpu' : 'cpu';
    // Asked for WebGPU and got none: llama.cpp registered no WebGPU device (or refused the layers).
    this.backendReason =
      this.opts.nGpuLayers !== 0 && this.backend === 'cpu'
        ? 'CPU: llama.cpp put no layers on a WebGPU device.'
        : this.backend === 'webgpu' && offload
          ? `WebGPU: ${offload.offloaded}/${offload.total} layers offloaded.`
          : undefined;
  }

  async chat(messages: readonly ChatMessage[], opts: ChatOptions): Promise<ChatResult> {
    const instance = this.instance;
    if (!instance) throw new EngineError('not-loaded', 'No model is loaded.', 'Load a model first.');
    if (this.busy)
      throw new EngineError('unknown', 'wllama is already generating.', 'Wait for the current turn.');
    throwIfAborted(opts.signal);
    this.busy = true;
    const now = this.opts.now ?? (() => performance.now());
    const stops = opts.stop ?? [];
    // Our own controller: aborted by the caller's signal, or by us when a stop string appears
    // that the backend did not catch, so generation ends either way.
    const inner = new AbortController();
    const onAbort = () => inner.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const filter = new StopFilter(stops);
    let finish: FinishReason = 'stop';
    let chunks = 0;
    const started = now();
    let firstAt = 0;
    const prefix = opts.prefix ?? '';
    if (prefix) opts.onDelta?.(prefix);
    const seed = opts.seed ?? this.opts.seed;
    let reply: StreamedReply = { last: null, tokensBefore: 0, exhausted: false };
    try {
      reply = await streamReply(instance, {
        prompt: toChatMlPrompt(messages) + prefix,
        maxTokens: opts.maxTokens,
        ...(opts.grammar ? { grammar: opts.grammar } : {}),
        sampling: {
          ...(opts.temperature === undefined ? {} : { temperature: opts.temperature }),
          ...(opts.topP === undefined ? {} : { top_p: opts.topP }),
          ...(opts.topK === undefined ? {} : { top_k: opts.topK }),
          ...(opts.presencePenalty === undefined ? {} : { presence_penalty: opts.presencePenalty }),
          ...(stops.length ? { stop: [...stops] } : {}),
          ...(seed === undefined ? {} : { seed }),
        },
        signal: inner.signal,
        onChunk: (chunk) => {
          const choice = chunk.choices[0];
          if (!choice || filter.stopped) return;
          if (choice.text) {
            if (chunks++ === 0) firstAt = now();
            const visible = filter.push(choice.text);
            if (visible) opts.onDelta?.(visible);
            if (filter.stopped) inner.abort();
          }
          if (choice.finish_reason === 'length') finish = 'length';
        },
      });
      if (reply.exhausted) finish = 'length';
      const rest = filter.flush();
      if (rest) opts.onDelta?.(rest);
    } catch (err) {
      if (opts.signal?.aborted) throw abortError(opts.signal.reason);
      if (!(filter.stopped && isAbortError(err))) throw this.toChatError(err);
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      this.busy = false;
    }
    if (filter.stopped) finish = 'stop';
    const usage = usageOf(reply.last, { chunks, started, firstAt, ended: now() });
    return { text: prefix + filter.text, finishReason: finish, usage: continuedUsage(usage, reply) };
  }

  async unload(): Promise<void> {
    const instance = this.instance;
    this.instance = null;
    this.modelId = null;
    this.contextWindow = 0;
    this.threads = 0;
    this.backend = undefined;
    this.backendReason = undefined;
    this.gpuLayers = undefined;
    await instance?.exit().catch(() => undefined);
  }

  /** A generation failure in plain words; a dead or damaged model is unloaded so the next load starts clean. */
  private toChatError(err: unknown): EngineError {
    const { error, unload } = wllamaChatError(err, this.modelId ?? 'the model');
    if (unload) void this.unload();
    return error;
  }
}

function defaultLoadModule(): Promise<WllamaModule> {
  return import('@wllama/wllama');
}
