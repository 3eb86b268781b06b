/** What the engine host reports about its engine: shown by the status line, options page and notices. */
export interface EngineStatus {
  engine: string;
  modelId: string | null;
  state: 'not-loaded' | 'loading' | 'ready' | 'error';
  progress?: { fraction: number; loadedBytes?: number; totalBytes?: number; text?: string };
  error?: { message: string; hint?: string };
  contextWindow?: number;
  profile?: 'dr-venus' | 'general';
  label?: string;
  /** Why this engine and model were picked. */
  reason?: string;
  /** A caveat, e.g. that the model is not the trained DR-Venus agent. */
  notice?: string;
  threads?: number;
  backend?: 'webgpu' | 'cpu';
}

/** What the settings would load, before anything is downloaded (the first-run explanation). */
export interface EnginePlan extends Omit<EngineStatus, 'state' | 'progress' | 'error' | 'contextWindow'> {
  /** Bytes still to download; 0 when the model is stored; absent when unknown. */
  downloadBytes?: number;
  totalBytes?: number;
}

/** A downloaded (or partly downloaded) GGUF model in the browser's storage. */
export interface StoredModelInfo {
  folder: string;
  label: string;
  totalBytes: number;
  doneBytes: number;
  complete: boolean;
  shards: number;
}
