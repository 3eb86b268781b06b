import type { ModelLibrary } from '../llm/download/model-library';
import { describeEngineCatalog } from '../llm/host/engine-catalog';
import type { EngineHost } from '../llm/host/engine-host';
import { statusForSettings } from '../llm/host/engine-status';
import { findOllama } from '../llm/host/local-servers';
import { createServerHealth } from '../llm/host/server-health';
import type { WebLlmAdmin } from '../llm/host/webllm-admin';
import { OpenAiEngine } from '../llm/openai/openai-engine';
import { summarizeProbe, type WebGpuProbe } from '../llm/webgpu-probe';
import type { RoomHandlers } from '../messaging/handlers';
import type { Settings } from '../settings/schema';
import { createModelHandlers } from './model-handlers';

export interface EngineHandlerDeps {
  startedAt: number;
  engines: EngineHost;
  webllm: WebLlmAdmin;
  loadSettings(): Promise<Settings>;
  secret(key: string): Promise<string | undefined>;
  probe(): Promise<WebGpuProbe>;
  /** Downloaded GGUF models. */
  library: ModelLibrary;
}

/** The engine room: its state, loading and unloading, and the models on offer. */
export function createEngineHandlers(d: EngineHandlerDeps): RoomHandlers<'engine'> {
  const { engines, loadSettings, webllm } = d;
  const health = createServerHealth({
    check: async (baseUrl, signal) => {
      try {
        const r = await (await serverFor(await loadSettings())).testConnection(signal);
        return r.ok
          ? { ok: true }
          : { ok: false, message: r.message, hint: r.hint, ...(r.info ? { info: r.info } : {}) };
      } catch {
        return { ok: false, message: `The model server at ${baseUrl} did not answer within a few seconds.` };
      }
    },
    now: () => Date.now(),
  });
  /** The engine's state for the saved settings, and for a model server whether it answers. */
  const current = async () => {
    const s = await loadSettings();
    return health.annotate(statusForSettings(engines.status(), s), s.openaiBaseUrl);
  };
  const serverFor = async (s: Settings) => {
    const key = await d.secret('openaiKey');
    return new OpenAiEngine({
      baseUrl: s.openaiBaseUrl,
      ...(key ? { apiKey: key } : {}),
      firstByteTimeoutMs: s.openaiFirstByteTimeoutMs,
    });
  };
  return {
    'engine.ping': async () => ({
      context: 'engine',
      startedAt: d.startedAt,
      engine: await current(),
      isolated: globalThis.crossOriginIsolated === true,
    }),
    'engine.status': () => current(),
    'engine.load': async () => {
      // Asked for by a person (Load model, Download): downloading is what they want.
      await engines.ensure(await loadSettings(), undefined, { download: true });
      return engines.status();
    },
    'engine.unload': () => engines.unload(),
    'engine.probe': async () => summarizeProbe(await d.probe()),
    'engine.catalog': async () => {
      const [catalog, probe] = await Promise.all([webllm.catalog(), d.probe()]);
      return describeEngineCatalog(catalog, probe);
    },
    'engine.listCached': async () => webllm.listCached((await loadSettings()).customModels),
    'engine.deleteCached': async (req) => {
      await webllm.deleteCached(req.modelId, (await loadSettings()).customModels);
      return { deleted: true };
    },
    ...createModelHandlers({ engines, library: d.library, loadSettings }),
    'engine.findLocal': async () => ({ ollama: await findOllama(globalThis.fetch.bind(globalThis)) }),
    'engine.models': async () => {
      const r = await (await serverFor(await loadSettings())).testConnection();
      return { models: r.ok ? r.models : [] };
    },
    'engine.test': async () => {
      const r = await (await serverFor(await loadSettings())).testConnection();
      return r.ok
        ? {
            ok: true,
            message: `Connected: ${r.models.length} model${r.models.length === 1 ? '' : 's'}, ${Math.round(r.latencyMs)} ms.`,
          }
        : { ok: false, message: [r.message, r.hint].filter(Boolean).join(' ') };
    },
  };
}
