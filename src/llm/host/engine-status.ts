import type { RunError } from '../../errors/run-error';
import type { WllamaBackendCause } from '../wllama/backend';
import type { RunsOn } from './decode-speed';
/** What the engine host reports about its engine: shown by the status line, options page and notices. */
export interface EngineStatus {
  engine: string;
  modelId: string | null;
  state: 'not-loaded' | 'loading' | 'ready' | 'error';
  progress?: { fraction: number; loadedBytes?: number; totalBytes?: number; text?: string };
  /** `info` is what the panel words; message and hint are the English text, for logs and old readers. */
  error?: { message: string; hint?: string; info?: RunError };
  contextWindow?: number;
  profile?: 'dr-venus' | 'general';
  label?: string;
  /** Why this engine and model were picked. */
  reason?: string;
  /** A caveat, e.g. that the model is not the trained DR-Venus agent. */
  notice?: string;
  threads?: number;
  backend?: 'webgpu' | 'cpu';
  /** Why that backend: "CPU: WebGPU adapter lacks shader-f16, …", "WebGPU on …". */
  backendReason?: string;
  /** The chosen backend's reason as a code the views word; absent once the engine's own reason replaces it. */
  backendCause?: WllamaBackendCause;
  /** Where a local model computes: the CPU, a software GPU or a real one. */
  runsOn?: RunsOn;
  /** Layers llama.cpp offloaded to the GPU, once loaded. */
  gpuLayers?: { offloaded: number; total: number };
  /** For a model server: whether it answered the last health check, and what it said if not. */
  server?: { ok: boolean; message?: string; hint?: string; info?: RunError };
  /** What the settings asked for when this status was set (see modelAsked). */
  asked?: string;
}

/** What the settings would load, before anything is downloaded (the first-run explanation). */
export interface EnginePlan extends Omit<EngineStatus, 'state' | 'progress' | 'error' | 'contextWindow'> {
  /** Bytes still to download; 0 when the model is stored; absent when unknown. */
  downloadBytes?: number;
  totalBytes?: number;
  /** Decode tokens per second this model was measured at on this machine; absent when it never ran here. */
  decodeTokensPerSecond?: number;
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

/**
 * The model the settings name for their engine, or null when the host's model id cannot be matched
 * against it: web-llm's "Auto", and GGUF, whose status names the resolved file, not the URL typed.
 */
function namedModel(s: ModelSettings) {
  if (s.engine === 'wllama' || s.engine === 'auto') return null;
  const name = s.engine === 'openai' ? s.openaiModel : s.webllmModel;
  return name.trim() || null;
}

/** The settings that say which model a load is for (a GGUF's quantisation included). */
export interface ModelSettings {
  engine: string;
  webllmModel: string;
  openaiModel: string;
  wllamaModelUrl?: string;
  ggufQuant?: string;
}

/**
 * Which model the settings ask for, as one string: a status set for other settings is about a model
 * no longer chosen. Auto depends on both local engines' choices.
 */
export function modelAsked(s: ModelSettings): string {
  const gguf = `${s.wllamaModelUrl?.trim() ?? ''}|${s.ggufQuant?.trim().toUpperCase() ?? ''}`;
  if (s.engine === 'openai') return `openai|${s.openaiModel.trim()}`;
  if (s.engine === 'wllama') return `wllama|${gguf}`;
  if (s.engine === 'auto') return `auto|${s.webllmModel.trim()}|${gguf}`;
  return `${s.engine}|${s.webllmModel.trim()}`;
}

/**
 * The host's status as it applies to the saved settings: after the user picks another engine or
 * model, an old "ready" or "could not be loaded" is about a model no longer chosen, so the status
 * reads "not loaded" for the new one until it loads. A load under way is shown as it is.
 */
export function statusForSettings(status: EngineStatus, s: ModelSettings): EngineStatus {
  if (status.state === 'loading') return status;
  // GGUF and Auto name the model they resolved, not what was typed: compare what was asked for.
  if (status.asked !== undefined && status.asked !== modelAsked(s))
    return { engine: s.engine, modelId: namedModel(s), state: 'not-loaded' };
  // Auto picks the engine and model itself: whatever it loaded is the one the settings ask for.
  if (s.engine === 'auto') return status;
  const wanted = namedModel(s);
  const sameEngine = status.engine === s.engine;
  const sameModel = wanted === null || status.modelId === null || status.modelId === wanted;
  if (sameEngine && sameModel) return status;
  return { engine: s.engine, modelId: wanted, state: 'not-loaded' };
}
