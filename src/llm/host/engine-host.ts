import type { Settings } from '../../settings/schema';
import type { ChatEngine, LoadProgress } from '../engine';
import type { EngineStatus } from './engine-status';

export interface EngineChoice {
  /** Which engine and model these settings ask for; a change means a reload. */
  key: string;
  kind: Settings['engine'];
  modelId: string;
  create(): ChatEngine;
}

/**
 * Keeps one loaded engine for the offscreen document and reports its state. Loads are shared: a
 * second caller waits for the load already under way instead of starting another download.
 */
export function createEngineHost(deps: {
  choose(settings: Settings): Promise<EngineChoice>;
  onStatus(status: EngineStatus): void;
}) {
  let current: { key: string; engine: ChatEngine } | null = null;
  let loading: { key: string; promise: Promise<ChatEngine>; abort: AbortController } | null = null;
  let status: EngineStatus = { engine: 'web-llm', modelId: null, state: 'not-loaded' };
  const set = (s: EngineStatus) => {
    status = s;
    deps.onStatus(s);
  };

  const load = (choice: EngineChoice): Promise<ChatEngine> => {
    const abort = new AbortController();
    const engine = choice.create();
    const base = { engine: choice.kind, modelId: choice.modelId };
    set({ ...base, state: 'loading', progress: { fraction: 0 } });
    let lastReport = 0;
    const onProgress = (p: LoadProgress) => {
      // Progress can arrive hundreds of times a second; the views need a few updates a second.
      const now = Date.now();
      if (now - lastReport < 150 && p.fraction < 1) return;
      lastReport = now;
      set({ ...base, state: 'loading', progress: p });
    };
    const promise = engine.load(choice.modelId, { onProgress, signal: abort.signal }).then(
      () => {
        current = { key: choice.key, engine };
        loading = null;
        set({ ...base, state: 'ready', contextWindow: engine.info().contextWindow });
        return engine;
      },
      (err: unknown) => {
        loading = null;
        const e = err as { message?: string; hint?: string };
        set({
          ...base,
          state: 'error',
          error: { message: e.message ?? String(err), ...(e.hint ? { hint: e.hint } : {}) },
        });
        throw err;
      },
    );
    loading = { key: choice.key, promise, abort };
    return promise;
  };

  return {
    status: () => status,
    /** The engine the settings ask for, loading (or reloading) it when needed. */
    async ensure(settings: Settings, signal?: AbortSignal): Promise<ChatEngine> {
      const choice = await deps.choose(settings);
      if (current?.key === choice.key) return current.engine;
      if (loading?.key === choice.key) return loading.promise;
      loading?.abort.abort();
      if (current) {
        const old = current.engine;
        current = null;
        await old.unload().catch(() => undefined);
      }
      const p = load(choice);
      if (signal) {
        const onAbort = () => loading?.key === choice.key && loading.abort.abort();
        signal.addEventListener('abort', onAbort, { once: true });
        void p.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => undefined);
      }
      return p;
    },
    cancelLoad(): void {
      loading?.abort.abort();
    },
    async unload(): Promise<EngineStatus> {
      loading?.abort.abort();
      const old = current?.engine;
      current = null;
      await old?.unload().catch(() => undefined);
      set({ engine: status.engine, modelId: null, state: 'not-loaded' });
      return status;
    },
  };
}

export type EngineHost = ReturnType<typeof createEngineHost>;
