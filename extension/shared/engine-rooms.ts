// The engine, runner and search rooms with what they need: Chrome's offscreen document hosts them, and
// Firefox's background page hosts them beside the router. This file only wires parts together; the
// logic lives in src/.

import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { createEngineChooser } from '../../src/llm/host/engine-choice';
import { createEngineHandlers } from '../../src/llm/host/engine-handlers';
import { createEngineHost } from '../../src/llm/host/engine-host';
import { createWebLlmAdmin } from '../../src/llm/host/webllm-admin';
import { OpenAiEngine } from '../../src/llm/openai-engine';
import { probeWebGpu } from '../../src/llm/webgpu-probe';
import type { MessageClient } from '../../src/messaging/client';
import type { HandlerRegistry } from '../../src/messaging/handlers';
import type { createLiveHub } from '../../src/messaging/live';
import { extensionUrl } from '../../src/platform/runtime';
import { createResearchRunner, type ResearchRunner } from '../../src/runner/runner';
import { createRunnerHandlers } from '../../src/runner/runner-handlers';
import type { Settings } from '../../src/settings/schema';
import { loadSettings as readSettings } from '../../src/settings/settings-store';
import { openStore, requestPersistence, type Store } from '../../src/store';
import { createAgentTools } from '../../src/tools/agent-tools/create-agent-tools';
import { createModelEvidence } from '../../src/tools/agent-tools/model-evidence';
import { createPdfReader } from '../../src/tools/agent-tools/pdf-reader';
import { buildSearchChain, storeSearchCache } from '../../src/tools/agent-tools/search-setup';
import { createSearchTestHandlers } from '../../src/tools/agent-tools/search-test-handler';
import { evidenceBudget, readsSignedOut, urlPolicyOf } from '../../src/tools/agent-tools/tool-settings';
import { buildEvidence } from '../../src/tools/browse/evidence';

export interface EngineRoomsContext {
  /** The context's handlers: the engine, runner and search tables are added to it. */
  handlers: HandlerRegistry;
  /** Answers in-process what `handlers` hosts; the runner reads tabs through it (room `router`). */
  client: MessageClient;
  /** Live events to the views. */
  hub: ReturnType<typeof createLiveHub>;
}

/** Adds the engine, runner and search rooms to a context; resolves to the runner once the store is open. */
export function hostEngineRooms({ handlers, client, hub }: EngineRoomsContext): Promise<ResearchRunner> {
  const startedAt = Date.now();
  const storeReady = openStore();
  const webllm = createWebLlmAdmin();
  void requestPersistence().catch(() => false);

  const loadSettings = async (): Promise<Settings> => readSettings((await storeReady).settings);
  const secret = async (key: string) => (await storeReady).secrets.get(key);
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

  /** The optional evidence extractor: a separate server model, so the main model's cache stays warm. */
  const extractorEngine = async (s: Settings) => {
    const key = await secret('extractorKey');
    const engine = new OpenAiEngine({ baseUrl: s.extractorBaseUrl.trim(), ...(key ? { apiKey: key } : {}) });
    await engine.load(s.extractorModel.trim());
    return engine;
  };

  const toolsFor = (store: Store) => async (s: Settings, ctx: { question: string; seedUrls: string[] }) => {
    const search = await buildSearchChain(s, {
      fetch: (url, init) => fetch(url, init),
      parseHtml,
      secret,
      cache: storeSearchCache(store.searchCache),
      clock: Date.now,
    });
    const rank = (markdown: string, goal: string, question: string) =>
      buildEvidence({ markdown, goal, question }, { evidenceTokens: evidenceBudget(s.contextWindow) });
    const extractor = s.extractorBaseUrl.trim() && s.extractorModel.trim() ? await extractorEngine(s) : null;
    return createAgentTools(
      {
        search,
        readTab: (url) =>
          client.send('router.readTab', {
            url,
            timeoutMs: s.pageTimeoutMs,
            signedOut: readsSignedOut(s, url),
            policy: urlPolicyOf(s),
          }),
        readPdf: createPdfReader({ fetch: (url, init) => fetch(url, init), workerSrc: pdfWorkerUrl }),
        rank,
        ...(extractor
          ? { writeEvidence: createModelEvidence({ engine: extractor, rank, maxPageChars: 24_000 }) }
          : {}),
        pages: store.pages,
        policy: urlPolicyOf(s),
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

  handlers.add(
    createEngineHandlers({ startedAt, engines, webllm, loadSettings, secret, probe: () => probeWebGpu() }),
  );
  handlers.add(createRunnerHandlers(runnerReady));
  handlers.add(
    createSearchTestHandlers({
      loadSettings,
      secret,
      providerDeps: { fetch: (url, init) => fetch(url, init), parseHtml },
    }),
  );
  return runnerReady;
}
