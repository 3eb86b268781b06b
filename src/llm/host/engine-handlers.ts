import type { RoomHandlers } from '../../messaging/handlers';
import type { Settings } from '../../settings/schema';
import type { ModelLibrary } from '../download/model-library';
import { OpenAiEngine } from '../openai-engine';
import { summarizeProbe, type WebGpuProbe } from '../webgpu-probe';
import { describeEngineCatalog } from './engine-catalog';
import type { EngineHost } from './engine-host';
import { createModelHandlers } from './model-handlers';
import type { WebLlmAdmin } from './webllm-admin';

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
  return {
    'engine.ping': () => ({
      context: 'engine',
      startedAt: d.startedAt,
      engine: engines.status(),
      isolated: globalThis.crossOriginIsolated === true,
    }),
    'engine.status': () => engines.status(),
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
    'engine.test': async () => {
      const s = await loadSettings();
      const key = await d.secret('openaiKey');
      const r = await new OpenAiEngine({
        baseUrl: s.openaiBaseUrl,
        ...(key ? { apiKey: key } : {}),
        firstByteTimeoutMs: s.openaiFirstByteTimeoutMs,
      }).testConnection();
      return r.ok
        ? { ok: true, message: `Connected: ${r.models.length} model(s), ${Math.round(r.latencyMs)} ms.` }
        : { ok: false, message: [r.message, r.hint].filter(Boolean).join(' ') };
    },
  };
}
