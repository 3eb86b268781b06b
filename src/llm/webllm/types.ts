import type { ModelRecordLike } from './catalog';

/**
 * The slice of @mlc-ai/web-llm 0.2.86 the engine uses, typed narrowly so tests inject a fake
 * module and nothing imports web-llm at module load. The real module satisfies these
 * (checked in tests/unit/llm/webllm-engine.test.ts).
 */

export interface AppConfigLike {
  model_list: ModelRecordLike[];
  useIndexedDBCache?: boolean;
}

export interface InitProgressReport {
  progress: number;
  timeElapsed: number;
  text: string;
}

export interface WebLlmChunk {
  choices: { delta: { content?: string | null }; finish_reason: string | null }[];
  usage?: {
    prompt_tokens: number;
    completion_tokens: number;
    extra?: { prefill_tokens_per_s?: number; decode_tokens_per_s?: number };
  } | null;
}

export interface WebLlmRequest {
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  stream: true;
  stream_options: { include_usage: true };
  max_tokens: number;
  temperature?: number;
  top_p?: number;
  presence_penalty?: number;
  stop?: string[];
}

/** Overrides of the model's conversation template (web-llm's `ConvTemplateConfig`), applied at load. */
export interface ConvConfigLike {
  role_empty_sep?: string;
  role_templates?: Partial<Record<'user' | 'assistant' | 'tool', string>>;
}

export interface WebLlmEngineLike {
  reload(
    modelId: string,
    chatOpts?: { context_window_size?: number; conv_config?: ConvConfigLike },
  ): Promise<void>;
  chat: { completions: { create(request: WebLlmRequest): Promise<AsyncIterable<WebLlmChunk>> } };
  interruptGenerate(): void;
  unload(): Promise<void>;
}

export interface WebLlmModule {
  MLCEngine: new (engineConfig?: {
    appConfig?: AppConfigLike;
    initProgressCallback?: (report: InitProgressReport) => void;
  }) => WebLlmEngineLike;
  prebuiltAppConfig: AppConfigLike;
  hasModelInCache(modelId: string, appConfig?: AppConfigLike): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string, appConfig?: AppConfigLike): Promise<void>;
}
