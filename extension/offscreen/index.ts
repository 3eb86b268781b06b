// Offscreen document: hosts the inference engine and the research runner for as long as the browser
// runs. This file only wires parts together; the logic lives in src/.

import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import * as v from 'valibot';
import { GGUF_CATALOG } from '../../src/llm/gguf-catalog';
import { OpenAiEngine } from '../../src/llm/openai-engine';
import { probeWebGpu } from '../../src/llm/webgpu-probe';
import { chooseModel } from '../../src/llm/webllm-catalog';
import { createClient } from '../../src/messaging/client';
import { createLiveHub } from '../../src/messaging/live';
import { serve } from '../../src/messaging/server';
import { extensionUrl, portTransport, runtimeTransport } from '../../src/platform/runtime';
import { createAgentTools } from '../../src/research/agent-tools';
import { createEngineChooser } from '../../src/research/engine-choice';
import { createEngineHost } from '../../src/research/engine-host';
import { createPdfReader } from '../../src/research/pdf-reader';
import { createResearchRunner } from '../../src/research/runner';
import { buildSearchChain, secretKeyFor, storeSearchCache } from '../../src/research/search-setup';
import { createWebLlmAdmin } from '../../src/research/webllm-admin';
import { parseSettings, type Settings } from '../../src/settings/schema';
import { openStore, requestPersistence, type Store } from '../../src/store';
import { buildEvidence } from '../../src/tools/browse/evidence';
import { createProvider } from '../../src/tools/search/create-provider';

const startedAt = Date.now();
const transport = runtimeTransport();
const hub = createLiveHub(portTransport());
const background = createClient(transport);
const storeReady = openStore();
const webllm = createWebLlmAdmin();
void requestPersistence().catch(() => false);

const loadSettings = async (): Promise<Settings> =>
  parseSettings(await (await storeReady).settings.get('app', v.unknown(), undefined));
const secret = async (key: string) => (await storeReady).secrets.get(key);
const policyOf = (s: Settings) => ({
  allowHttp: s.allowHttp,
  allowLoopback: s.allowLoopback,
  allow: s.allowList,
  deny: s.denyList,
});
const signedOut = (s: Settings, url: string) => {
  const host = new URL(url).hostname;
  return !s.signInSites.some((site) => host === site || host.endsWith(`.${site}`));
};

// A page's evidence gets about a tenth of the window, so a few visits fit between folds.
const evidenceBudget = (window: number) => Math.max(300, Math.min(2000, Math.floor(window / 10)));

const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const engines = createEngineHost({
  choose: createEngineChooser({
    wasmUrl: extensionUrl('wllama/wllama.wasm'),
    probe: () => probeWebGpu(),
    catalog: () => webllm.catalog(),
    secret,
  }),
  onStatus: (status) => hub.broadcast({ type: 'engine', status }),
});

const toolsFor = (store: Store) => async (s: Settings, ctx: { question: string; seedUrls: string[] }) => {
  const search = await buildSearchChain(s, {
    fetch: (url, init) => fetch(url, init),
    parseHtml: (html) => new DOMParser().parseFromString(html, 'text/html'),
    secret,
    cache: storeSearchCache(store.searchCache),
    clock: Date.now,
  });
  return createAgentTools(
    {
      search,
      readTab: (url) =>
        background.send('background.readTab', {
          url,
          timeoutMs: s.pageTimeoutMs,
          signedOut: signedOut(s, url),
          policy: policyOf(s),
        }),
      readPdf: createPdfReader({ fetch: (url, init) => fetch(url, init), workerSrc: pdfWorkerUrl }),
      rank: (markdown, goal, question) =>
        buildEvidence({ markdown, goal, question }, { evidenceTokens: evidenceBudget(s.contextWindow) }),
      pages: store.pages,
      policy: policyOf(s),
      maxTabs: s.maxTabs,
      pageMaxAgeMs: 6 * 60 * 60 * 1000,
      clock: Date.now,
    },
    ctx,
  );
};

const runnerReady = storeReady.then(async (store) => {
  const runner = createResearchRunner({
    store,
    broadcast: (e) => hub.broadcast(e),
    loadSettings,
    engine: (s, signal) => engines.ensure(s, signal),
    tools: toolsFor(store),
    pageEvidence: (markdown, goal) => buildEvidence({ markdown, goal }, { evidenceTokens: 1500 }),
    clock: Date.now,
    newId: () => crypto.randomUUID(),
  });
  await runner.pauseOrphans().catch(() => 0);
  return runner;
});

serve(transport, 'offscreen', {
  'offscreen.ping': () => ({ context: 'offscreen', startedAt, engine: engines.status() }),
  'offscreen.engineStatus': () => engines.status(),
  'offscreen.engineLoad': async () => {
    await engines.ensure(await loadSettings());
    return engines.status();
  },
  'offscreen.engineUnload': () => engines.unload(),
  'offscreen.engineProbe': async () => {
    const p = await probeWebGpu();
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
    const [catalog, probe] = await Promise.all([webllm.catalog(), probeWebGpu()]);
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
      { fetch: (url, init) => fetch(url, init), parseHtml },
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
  'offscreen.researchStart': async (req) => (await runnerReady).start(req),
  'offscreen.researchStop': async (req) => ({ stopped: (await runnerReady).stop(req.sessionId) }),
  'offscreen.researchAnswerNow': async (req) => ({ accepted: (await runnerReady).answerNow(req.sessionId) }),
  'offscreen.researchSteer': async (req) => ({
    accepted: (await runnerReady).steer(req.sessionId, req.note),
  }),
  'offscreen.researchResume': async (req) => (await runnerReady).resume(req.sessionId),
  'offscreen.researchRetryFrom': async (req) => (await runnerReady).retryFrom(req.sessionId, req.seq),
  'offscreen.researchActive': async () => ({ sessionIds: (await runnerReady).activeIds() }),
  'offscreen.settingsChanged': () => ({ ok: true }),
  'offscreen.announceIntent': () => {
    hub.broadcast({ type: 'intent' });
    return { ok: true };
  },
});
