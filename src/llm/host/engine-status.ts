/** What the engine host reports about its engine: shown by the status line, options page and notices. */
export interface EngineStatus {
  engine: string;
  modelId: string | null;
  state: 'not-loaded' | 'loading' | 'ready' | 'error';
  progress?: { fraction: number; loadedBytes?: number; totalBytes?: number; text?: string };
  error?: { message: string; hint?: string };
  contextWindow?: number;
}
