import { GGUF_CATALOG } from '../llm/gguf-catalog';
import type { EngineHost } from '../llm/host/engine-host';
import type { createWebLlmAdmin } from '../llm/host/webllm-admin';
import { OpenAiEngine } from '../llm/openai-engine';
import type { WebGpuProbe } from '../llm/webgpu-probe';
import { chooseModel } from '../llm/webllm-catalog';
import type { LiveEvent } from '../messaging/live';
import type { Handlers } from '../messaging/server';
import type { Settings } from '../settings/schema';
import { secretKeyFor } from '../tools/search/catalog';
import { createProvider } from '../tools/search/create-provider';
import type { ProviderDeps } from '../tools/search/types';
import type { ResearchRunner } from './runner';

export interface OffscreenDeps {
  startedAt: number;
  engines: EngineHost;
  runner: Promise<ResearchRunner>;
  webllm: ReturnType<typeof createWebLlmAdmin>;
  loadSettings(): Promise<Settings>;
  secret(key: string): Promise<string | undefined>;
  probe(): Promise<WebGpuProbe>;
  providerDeps: ProviderDeps;
  broadcast(e: LiveEvent): void;
}

/** What the offscreen document answers: engine administration and the research runner's controls. */
export function createOffscreenHandlers(d: OffscreenDeps): Handlers<'offscreen'> {
  const { engines, loadSettings, secret, webllm } = d;
  return {
    'offscreen.ping': () => ({ context: 'offscreen', startedAt: d.startedAt, engine: engines.status() }),
    'offscreen.engineStatus': () => engines.status(),
    'offscreen.engineLoad': async () => {
      await engines.ensure(await loadSettings());
      return engines.status();
    },
    'offscreen.engineUnload': () => engines.unload(),
    'offscreen.engineProbe': async () => {
      const p = await d.probe();
      return {
        available: p.available,
        ...(p.reason ? { reason: p.reason } : {}),
        vendor: p.vendor,
        architecture: p.architecture,
        shaderF16: p.features.shaderF16,
        maxBufferSize: p.limits.maxBufferSize,
      };
    },
    'offscreen.engineCatalog': async () => {
      const [catalog, probe] = await Promise.all([webllm.catalog(), d.probe()]);
      const choice = chooseModel(probe, catalog);
      return {
        webllm: catalog.map(({ id, size, quantization, vramMB, approxDownloadBytes }) => ({
          id,
          size,
          quantization,
          vramMB,
          approxDownloadBytes,
        })),
        gguf: [...GGUF_CATALOG],
        recommended: choice.model?.id ?? null,
        reason: choice.reason,
      };
    },
    'offscreen.searchTest': async (req) => {
      const s = await loadSettings();
      const saved = s.searchProviders.find((p) => p.id === req.provider);
      const apiKey = await secret(secretKeyFor(req.provider));
      const provider = createProvider(
        req.provider,
        {
          ...(apiKey ? { apiKey } : {}),
          ...(saved?.baseUrl ? { baseUrl: saved.baseUrl } : {}),
          ...(saved?.engineId ? { engineId: saved.engineId } : {}),
        },
        d.providerDeps,
      );
      try {
        const hits = await provider.search('test', { signal: AbortSignal.timeout(15_000) });
        return { ok: true, message: `${hits.length} result(s).`, count: hits.length };
      } catch (e) {
        return { ok: false, message: e instanceof Error ? e.message : String(e) };
      }
    },
    'offscreen.engineListCached': async () => webllm.listCached((await loadSettings()).customModels),
    'offscreen.engineDeleteCached': async (req) => {
      await webllm.deleteCached(req.modelId, (await loadSettings()).customModels);
      return { deleted: true };
    },
    'offscreen.engineTest': async () => {
      const s = await loadSettings();
      const key = await secret('openaiKey');
      const r = await new OpenAiEngine({
        baseUrl: s.openaiBaseUrl,
        ...(key ? { apiKey: key } : {}),
        firstByteTimeoutMs: s.openaiFirstByteTimeoutMs,
      }).testConnection();
      return r.ok
        ? { ok: true, message: `Connected: ${r.models.length} model(s), ${Math.round(r.latencyMs)} ms.` }
        : { ok: false, message: [r.message, r.hint].filter(Boolean).join(' ') };
    },
    'offscreen.researchStart': async (req) => (await d.runner).start(req),
    'offscreen.researchStop': async (req) => ({ stopped: (await d.runner).stop(req.sessionId) }),
    'offscreen.researchAnswerNow': async (req) => ({ accepted: (await d.runner).answerNow(req.sessionId) }),
    'offscreen.researchSteer': async (req) => ({
      accepted: (await d.runner).steer(req.sessionId, req.note),
    }),
    'offscreen.researchResume': async (req) => (await d.runner).resume(req.sessionId),
    'offscreen.researchRetryFrom': async (req) => (await d.runner).retryFrom(req.sessionId, req.seq),
    'offscreen.researchActive': async () => ({ sessionIds: (await d.runner).activeIds() }),
    'offscreen.settingsChanged': () => ({ ok: true }),
    'offscreen.announceIntent': () => {
      d.broadcast({ type: 'intent' });
      return { ok: true };
    },
  };
}
