import { runErrorOf } from '../../errors/run-error';
import type { Settings } from '../../settings/schema';
import { delegateEngine } from '../delegate-engine';
import { type ChatEngine, EngineError, type LoadProgress } from '../engine';
import { formatBytes } from '../progress-stats';
import type { WllamaBackendCause } from '../wllama/backend';
import { probeSpeedOnce, type RunsOn, recordingSpeed, type SpeedBook } from './decode-speed';
import { type EngineStatus, modelAsked } from './engine-status';

export interface EngineChoice {
  /** Which engine and model these settings ask for; a change means a reload. */
  key: string;
  kind: Exclude<Settings['engine'], 'auto'>;
  modelId: string;
  /** Model profile (issue 10 builds on it): DR-Venus models get 'dr-venus', others 'general'. */
  profile: 'dr-venus' | 'general';
  /** What will run, for people. */
  label?: string;
  /** Why this engine and model were picked. */
  reason?: string;
  /** A caveat worth saying before a run, e.g. that the model is not the trained agent. */
  notice?: string;
  /** Bytes to download before the model can run (0 when stored); absent when unknown. */
  downloadBytes?: number;
  totalBytes?: number;
  threads?: number;
  backend?: 'webgpu' | 'cpu';
  /** Why that backend was chosen (wllama: from the adapter's features, before loading). */
  backendReason?: string;
  /** The same, as a code the views word. */
  backendCause?: WllamaBackendCause;
  /** Where it computes (local engines): the speed figure and the advice to use a server depend on it. */
  runsOn?: RunsOn;
  create(): ChatEngine;
}

/**
 * Keeps one loaded engine for the offscreen document and reports its state. Loads are shared: a
 * second caller waits for the load already under way instead of starting another download.
 */
function errorOf(err: unknown): NonNullable<EngineStatus['error']> {
  const e = err as { message?: string; hint?: string };
  const info = runErrorOf(err);
  return {
    message: e.message ?? String(err),
    ...(e.hint ? { hint: e.hint } : {}),
    ...(info ? { info } : {}),
  };
}

interface HostDeps {
  choose(settings: Settings): Promise<EngineChoice>;
  onStatus(status: EngineStatus): void;
  /** Where replies' decode speeds are kept, per model and hardware; none: nothing is measured. */
  speeds?: SpeedBook;
}

/** What the host holds: the loaded engine, the load under way, and the status last reported. */
interface HostState {
  current: { key: string; engine: ChatEngine } | null;
  loading: { key: string; promise: Promise<ChatEngine>; abort: AbortController } | null;
  status: EngineStatus;
  set(status: EngineStatus): void;
}

/** Progress can arrive hundreds of times a second; the views need a few updates a second. */
function throttledProgress(report: (p: LoadProgress) => void): (p: LoadProgress) => void {
  let lastReport = 0;
  return (p) => {
    const now = Date.now();
    if (now - lastReport < 150 && p.fraction < 1) return;
    lastReport = now;
    report(p);
  };
}

/** Loads the chosen engine, reporting its progress; a shared load a second caller can wait on. */
function startLoad(
  st: HostState,
  choice: EngineChoice,
  asked: string,
  speeds: SpeedBook | undefined,
): Promise<ChatEngine> {
  const abort = new AbortController();
  const base = { ...describeChoice(choice), asked };
  const created = choice.create();
  // A lost GPU device takes the loaded model with it: forget the engine, so Continue loads it anew.
  const engine = forgetOnDeviceLoss(speeds ? recordingSpeed(created, choice, speeds) : created, () => {
    if (st.current?.engine !== engine) return;
    st.current = null;
    void engine.unload().catch(() => undefined);
    // Not a failed load: the run that lost it says so and offers Continue, which loads it again.
    st.set({ ...base, state: 'not-loaded' });
  });
  st.set({ ...base, state: 'loading', progress: { fraction: 0 } });
  const onProgress = throttledProgress((p) => st.set({ ...base, state: 'loading', progress: p }));
  const loaded = engine
    .load(choice.modelId, { onProgress, signal: abort.signal })
    // Measured before "ready", so the guide's figure is there when the model is.
    .then(() => (speeds ? probeSpeedOnce(engine, choice, speeds, abort.signal) : undefined));
  const promise: Promise<ChatEngine> = loaded.then(
    () => {
      st.current = { key: choice.key, engine };
      st.loading = null;
      const info = engine.info();
      const { backendCause: _cause, ...chosen } = base;
      st.set({
        // The engine's own reason after loading (e.g. no layers offloaded) replaces the choice's.
        ...(info.backendReason ? chosen : base),
        state: 'ready',
        contextWindow: info.contextWindow,
        ...(info.threads ? { threads: info.threads } : {}),
        ...(info.backend ? { backend: info.backend } : {}),
        ...(info.backendReason ? { backendReason: info.backendReason } : {}),
        ...(info.gpuLayers ? { gpuLayers: info.gpuLayers } : {}),
      });
      return engine;
    },
    (err: unknown) => {
      if (st.loading?.promise === promise) st.loading = null;
      // A cancelled load (Cancel download, or another model asked for) is not a failure.
      if (abort.signal.aborted) {
        if (!st.loading) st.set({ ...base, state: 'not-loaded' });
        throw err;
      }
      st.set({ ...base, state: 'error', error: errorOf(err) });
      throw err;
    },
  );
  st.loading = { key: choice.key, promise, abort };
  return promise;
}

/** The settings' choice; one that cannot even be made is shown as a failed load when nothing else shows. */
async function chooseOrReport(st: HostState, deps: HostDeps, settings: Settings): Promise<EngineChoice> {
  try {
    return await deps.choose(settings);
  } catch (err) {
    // A model that cannot even be chosen (the hub unreachable, no WebGPU) is shown as a failed
    // load, or "Load model" would end in silence; a loaded or loading model keeps its status.
    if (!st.current && !st.loading)
      st.set({
        engine: settings.engine,
        modelId: null,
        state: 'error',
        error: errorOf(err),
        asked: modelAsked(settings),
      });
    throw err;
  }
}

async function ensureEngine(
  st: HostState,
  deps: HostDeps,
  settings: Settings,
  signal: AbortSignal | undefined,
  opts: { download?: boolean },
): Promise<ChatEngine> {
  const choice = await chooseOrReport(st, deps, settings);
  if (st.current?.key === choice.key) return st.current.engine;
  if (st.loading?.key === choice.key) return st.loading.promise;
  if ((choice.downloadBytes ?? 0) > 0 && !opts.download) {
    throw new EngineError(
      'needs-download',
      `${choice.label ?? choice.modelId} must be downloaded first (${formatBytes(choice.downloadBytes ?? 0)}).`,
      'Press Download in the side panel, or Load model now in Options → Model.',
    );
  }
  st.loading?.abort.abort();
  if (st.current) {
    const old = st.current.engine;
    st.current = null;
    await old.unload().catch(() => undefined);
  }
  const p = startLoad(st, choice, modelAsked(settings), deps.speeds);
  if (signal) {
    const onAbort = () => st.loading?.key === choice.key && st.loading.abort.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    void p.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => undefined);
  }
  return p;
}

export function createEngineHost(deps: HostDeps) {
  const st: HostState = {
    current: null,
    loading: null,
    status: { engine: 'web-llm', modelId: null, state: 'not-loaded' },
    set(s) {
      st.status = s;
      deps.onStatus(s);
    },
  };
  return {
    status: () => st.status,
    /** What the settings would load, and whether it must be downloaded first; loads nothing. */
    plan: (settings: Settings): Promise<EngineChoice> => deps.choose(settings),
    /** Decode tokens per second measured for this choice on this machine, if it ever ran here. */
    measuredSpeed: async (choice: EngineChoice): Promise<number | undefined> =>
      deps.speeds?.measured(choice).catch(() => undefined),
    /**
     * The engine the settings ask for, loading (or reloading) it when needed. A model that must
     * be downloaded first is only fetched when `download` is set: a person asked for it after
     * seeing what and how much (the first-run explanation, or "Load model now").
     */
    ensure: (
      settings: Settings,
      signal?: AbortSignal,
      opts: { download?: boolean } = {},
    ): Promise<ChatEngine> => ensureEngine(st, deps, settings, signal, opts),
    cancelLoad(): void {
      st.loading?.abort.abort();
    },
    async unload(): Promise<EngineStatus> {
      st.loading?.abort.abort();
      const old = st.current?.engine;
      st.current = null;
      await old?.unload().catch(() => undefined);
      st.set({ engine: st.status.engine, modelId: null, state: 'not-loaded' });
      return st.status;
    },
  };
}

export type EngineHost = ReturnType<typeof createEngineHost>;

/** The engine, calling `onLost` when one of its replies fails because the GPU device was lost. */
function forgetOnDeviceLoss(engine: ChatEngine, onLost: () => void): ChatEngine {
  return {
    ...delegateEngine(engine),
    async chat(messages, opts) {
      try {
        return await engine.chat(messages, opts);
      } catch (err) {
        if (err instanceof EngineError && err.code === 'device-lost') onLost();
        throw err;
      }
    },
  };
}

/** The parts of a choice the views show. */
export function describeChoice(c: EngineChoice) {
  return {
    engine: c.kind,
    modelId: c.modelId,
    profile: c.profile,
    ...(c.label ? { label: c.label } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
    ...(c.notice ? { notice: c.notice } : {}),
    ...(c.threads ? { threads: c.threads } : {}),
    ...(c.backend ? { backend: c.backend } : {}),
    ...(c.backendReason ? { backendReason: c.backendReason } : {}),
    ...(c.backendCause ? { backendCause: c.backendCause } : {}),
    ...(c.runsOn ? { runsOn: c.runsOn } : {}),
  };
}
