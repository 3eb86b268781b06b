import { runError } from '../errors/run-error';
import type { ModelLibrary } from '../llm/download/model-library';
import { describeEngineCatalog } from '../llm/host/engine-catalog';
import type { EngineHost } from '../llm/host/engine-host';
import { statusForSettings } from '../llm/host/engine-status';
import { findOllama } from '../llm/host/local-servers';
import { createServerHealth } from '../llm/host/server-health';
import type { WebLlmAdmin } from '../llm/host/webllm-admin';
import { unreachable } from '../llm/openai/errors';
import { type ConnectionResult, OpenAiEngine } from '../llm/openai/openai-engine';
import { summarizeProbe, type WebGpuProbe } from '../llm/webgpu-probe';
import type { RoomHandlers } from '../messaging/handlers';
import type { ConnectionTest } from '../messaging/protocol';
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
      } catch (e) {
        // Only the health check's own deadline ends up here: a server that did not answer in time.
        return {
          ok: false,
          message: `The model server at ${baseUrl} did not answer within a few seconds.`,
          info: unreachable(baseUrl, e).info ?? runError('engine-failed', { detail: String(e) }),
        };
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
    'engine.test': async () => connectionTest(await (await serverFor(await loadSettings())).testConnection()),
  };
}

/** A connection test as data for the Options page, which words it; `message` is English, for logs. */
export function connectionTest(r: ConnectionResult): ConnectionTest {
  if (r.ok) {
    const latencyMs = Math.round(r.latencyMs);
    const n = r.models.length;
    return {
      ok: true,
      message: `Connected: ${n} model${n === 1 ? '' : 's'}, ${latencyMs} ms.`,
      models: r.models,
      latencyMs,
    };
  }
  const message = [r.message, r.hint].filter(Boolean).join(' ');
  // A reply that was not a model list carries no code of its own: its text is all there is.
  return { ok: false, message, info: r.info ?? runError('engine-failed', { detail: r.message }) };
}
