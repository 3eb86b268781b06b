import type {
  AssetsPathConfig,
  LoadedContextInfo,
  LoadModelParams,
  RawCompletionChunk,
  RawCompletionParams,
  WllamaConfig,
} from '@wllama/wllama';

/** The slice of wllama's API this engine uses; the real class satisfies it. */
export interface WllamaInstance {
  loadModelFromUrl(
    url: string,
    params?: LoadModelParams & {
      progressCallback?: (p: { loaded: number; total: number }) => void;
      signal?: AbortSignal;
      useCache?: boolean;
    },
  ): Promise<void>;
  createCompletion(
    params: RawCompletionParams & { stream: true; onData: (chunk: RawCompletionChunk) => void },
  ): Promise<void>;
  loadModel?(blobs: Blob[], params?: LoadModelParams): Promise<void>;
  getLoadedContextInfo(): LoadedContextInfo;
  getNumThreads?(): number;
  /** null: never the compat build, which wllama would fetch from a CDN (Safari-style browsers). */
  setCompat?(compat: null): void;
  exit(): Promise<void>;
}

export interface WllamaModule {
  Wllama: new (paths: AssetsPathConfig, config?: WllamaConfig) => WllamaInstance;
}

/**
 * llama.cpp's own log lines, kept out of the console: the offload count tells which backend runs,
 * and the last error explains a failed load better than wllama's generic message.
 */
export function nativeLog() {
  let offload: { offloaded: number; total: number } | null = null;
  let lastError = '';
  const scan = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    const m = /offloaded (\d+)\/(\d+) layers to GPU/.exec(line);
    if (m) offload = { offloaded: Number(m[1]), total: Number(m[2]) };
  };
  const logger = {
    debug: scan,
    log: scan,
    info: scan,
    warn: scan,
    error: (...args: unknown[]) => {
      lastError = args.map(String).join(' ').slice(0, 300);
    },
  };
  return { logger, offload: () => offload, lastError: () => lastError };
}
