import type { EngineFailure } from '../errors/run-error';
/**
 * The one interface every inference backend implements (web-llm, wllama, OpenAI-compatible, mocks).
 * The agent loop depends only on this, so it runs unchanged in Node tests and in the offscreen document.
 */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export type FinishReason = 'stop' | 'length' | 'abort' | 'error';

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  /** Tokens actually prefilled this request, when the engine reports cache reuse. */
  prefillTokens?: number;
  prefillTokensPerSecond?: number;
  decodeTokensPerSecond?: number;
}

export interface ChatOptions {
  maxTokens: number;
  temperature?: number;
  topP?: number;
  /** Sample from the K most likely tokens (sent where the backend supports it). */
  topK?: number;
  /** OpenAI-style presence penalty (sent where the backend supports it). */
  presencePenalty?: number;
  /**
   * Text the reply starts with, written right after the generation prompt by engines that build
   * the prompt (wllama; web-llm when loaded with the same prefix). It is returned as the start of
   * `text` and streamed as the first delta, so the raw text kept for history holds it.
   */
  prefix?: string;
  stop?: string[];
  /** Sampling seed of this request (see agent/request-seed.ts); engines without one ignore it. */
  seed?: number;
  /** A GBNF grammar (wllama) or a JSON/EBNF constraint the engine understands; ignored where unsupported. */
  grammar?: string;
  signal?: AbortSignal;
  onDelta?: (delta: string) => void;
  /**
   * The reply streamed so far is void and the engine starts it again (a stalled stream is retried):
   * whoever shows or checks the deltas starts over.
   */
  onRestart?: (why: string) => void;
}

export interface ChatResult {
  text: string;
  finishReason: FinishReason;
  usage: ChatUsage;
}

export interface LoadProgress {
  /** 0..1 */
  fraction: number;
  loadedBytes?: number;
  totalBytes?: number;
  text?: string;
}

export interface LoadOptions {
  onProgress?: (p: LoadProgress) => void;
  signal?: AbortSignal;
}

export interface EngineInfo {
  kind: 'web-llm' | 'wllama' | 'openai' | 'scripted';
  modelId: string | null;
  loaded: boolean;
  contextWindow: number;
  /** CPU threads the engine computes with, where it runs locally. */
  threads?: number;
  /** Where the model runs: WebGPU offload or CPU (local engines). */
  backend?: 'webgpu' | 'cpu';
  /** Why that backend, e.g. "CPU: llama.cpp put no layers on the WebGPU device." */
  backendReason?: string;
  /** Layers llama.cpp put on the GPU, out of the model's, when it said so. */
  gpuLayers?: { offloaded: number; total: number };
}

export interface ChatEngine {
  load(modelId: string, opts?: LoadOptions): Promise<void>;
  chat(messages: readonly ChatMessage[], opts: ChatOptions): Promise<ChatResult>;
  unload(): Promise<void>;
  info(): EngineInfo;
  /** Exact token count with the engine's tokenizer, when it has one. */
  countTokens?(text: string): Promise<number>;
}

/** An error a user can act on: `message` says what failed, `hint` says what to do next. */
export class EngineError extends Error {
  constructor(
    readonly code:
      | 'no-webgpu'
      | 'out-of-memory'
      | 'download-failed'
      | 'offline'
      | 'device-lost'
      | 'unauthorized'
      | 'server-error'
      | 'timeout'
      | 'bad-response'
      | 'not-loaded'
      | 'needs-download'
      | 'aborted'
      | 'unknown',
    message: string,
    readonly hint: string = '',
    /** The failure as data, which the panel words in the user's language (message and hint stay English). */
    readonly info?: EngineFailure,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
