// The engine, runner and search rooms with what they need: Chrome's offscreen document hosts them, and
// Firefox's background page hosts them beside the router. This file only wires parts together; the
// logic lives in src/.

import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { createEngineHandlers } from '../../src/hosts/engine-handlers';
import { createRunnerHandlers } from '../../src/hosts/runner-handlers';
import { createSearchTestHandlers } from '../../src/hosts/search-test-handler';
import { createModelLibrary } from '../../src/llm/download/model-library';
import { createEngineChooser } from '../../src/llm/host/engine-choice';
import { createEngineHost } from '../../src/llm/host/engine-host';
import { createWebLlmAdmin } from '../../src/llm/host/webllm-admin';
import { OpenAiEngine } from '../../src/llm/openai/openai-engine';
import { probeWebGpu } from '../../src/llm/webgpu-probe';
import type { WllamaBrowser } from '../../src/llm/wllama/backend';
import type { MessageClient } from '../../src/messaging/client';
import type { HandlerRegistry } from '../../src/messaging/handlers';
import type { createLiveHub } from '../../src/messaging/live';
import { resendIfCutOff } from '../../src/messaging/resend';
import { opfsStore } from '../../src/platform/opfs-store';
import { extensionUrl } from '../../src/platform/runtime';
import { PROFILES } from '../../src/profiles/profiles';
import type { RunToolContext } from '../../src/runner/run-once';
import { createResearchRunner, type ResearchRunner } from '../../src/runner/runner';
import { type OwnPage, ownPagePrivacy } from '../../src/security/run-privacy';
import { checkUrl } from '../../src/security/url-policy';
import type { Settings } from '../../src/settings/schema';
import { openStore, requestPersistence, type Store } from '../../src/store';
import { loadSettings as readSettings } from '../../src/store/settings-store';
import { createAgentTools } from '../../src/tools/agent-tools/create-agent-tools';
import { createModelEvidence } from '../../src/tools/agent-tools/model-evidence';
import { createPdfReader, PDF_MAX_BYTES } from '../../src/tools/agent-tools/pdf-reader';
import { buildSearchChain, storeSearchCache } from '../../src/tools/agent-tools/search-setup';
import {
  evidenceBudget,
  readsSignedOut,
  type SummaryServer,
  summaryServer,
  urlPolicyOf,
} from '../../src/tools/agent-tools/tool-settings';
import { buildEvidence } from '../../src/tools/browse/evidence/page-evidence';
import { checkedFetch } from '../../src/tools/browse/fetch/checked-fetch-reply';
import { createFetchReader, STATIC_MAX_BYTES } from '../../src/tools/browse/fetch/fetch-reader';

export interface EngineRoomsContext {
  /** The context's handlers: the engine, runner and search tables are added to it. */
  handlers: HandlerRegistry;
  /** Answers in-process what `handlers` hosts; the runner reads tabs through it (room `router`). */
  client: MessageClient;
  /** Live events to the views. */
  hub: ReturnType<typeof createLiveHub>;
  /** Which browser hosts the rooms (its entry point knows): wllama's backend depends on it. */
  browser: WllamaBrowser;
}

/** Adds the engine, runner and search rooms to a context; resolves to the runner once the store is open. */
export function hostEngineRooms({
  handlers,
  client,
  hub,
  browser,
}: EngineRoomsContext): Promise<ResearchRunner> {
  const startedAt = Date.now();
  const storeReady = openStore();
  const webllm = createWebLlmAdmin();
  void requestPersistence().catch(() => false);

  const loadSettings = async (): Promise<Settings> => readSettings((await storeReady).settings);
  const secret = async (key: string) => (await storeReady).secrets.get(key);
  const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  const library = createModelLibrary({ store: opfsStore(), fetch: (url, init) => fetch(url, init) });

  const choose = createEngineChooser({
    wasmUrl: extensionUrl('wllama/wllama.wasm'),
    browser,
    probe: () => probeWebGpu(),
    catalog: () => webllm.catalog(),
    secret,
    library,
    fetch: (url, init) => fetch(url, init),
    // wllama's threads share one SharedArrayBuffer, which only a cross-origin isolated page has.
    threads: () => (crossOriginIsolated ? Math.max(1, navigator.hardwareConcurrency || 1) : 1),
    webllmCached: async (id) => (await webllm.listCached([])).some((c) => c.modelId === id),
    // Test seam of the e2e build only: the random-weight test model needs a grammar that walks a
    // fixed search → visit → answer path, which e2e tests ask for in the store; production drops it.
    ...(import.meta.env.MODE === 'e2e'
      ? {
          testGrammar: async () =>
            (await import('../../src/test-seams/test-sequence-grammar')).testGrammarFrom(
              (await storeReady).settings,
            ),
        }
      : {}),
  });
  // Test seams of the e2e build only: tests lose the GPU device or fill the disk on demand.
  const seams =
    import.meta.env.MODE === 'e2e'
      ? import('../../src/test-seams/fault-seams').then((m) => {
          m.installFaultSeams();
          return m;
        })
      : null;
  const engines = createEngineHost({
    choose: seams ? async (s) => (await seams).withDeviceLossSeam(await choose(s)) : choose,
    onStatus: (status) => hub.broadcast({ type: 'engine', status }),
  });

  /** The server model that writes page summaries: the extractor, or the main model on a server. */
  const summaryEngine = async (server: SummaryServer) => {
    const key = await secret(server.keyName);
    const engine = new OpenAiEngine({
      baseUrl: server.baseUrl,
      ...(key ? { apiKey: key } : {}),
      contextWindow: server.contextWindow,
    });
    await engine.load(server.model);
    return engine;
  };

  // Pages and PDFs read without a tab are fetched by the service worker, which sees the server's address.
  const workerFetch = (s: Settings) => (maxBytes: number) =>
    checkedFetch((req) => client.send('router.fetch', req), {
      allowLoopback: s.allowLoopback,
      maxBytes,
      // Half the page timeout: a page that does not arrive by then gets the tab's full timeout.
      timeoutMs: Math.max(1000, Math.round(s.pageTimeoutMs / 2)),
    });

  /** "Research this page": the same address read signed out, through the fetch path, and compared. */
  const pagePrivacy = (s: Settings, page: OwnPage, signal: AbortSignal) =>
    ownPagePrivacy(
      page,
      {
        signedInSite: (url) => !readsSignedOut(s, url),
        readSignedOut: async (url, signal2) => {
          const allowed = checkUrl(url, urlPolicyOf(s));
          if (!allowed.ok) return null;
          const read = createFetchReader({ fetch: workerFetch(s)(STATIC_MAX_BYTES), parse: parseHtml });
          return (await read(allowed.url.href, signal2))?.markdown ?? null;
        },
      },
      signal,
    );

  const toolsFor = (store: Store) => async (s: Settings, ctx: RunToolContext) => {
    const search = await buildSearchChain(s, {
      fetch: (url, init) => fetch(url, init),
      parseHtml,
      secret,
      cache: storeSearchCache(store.searchCache),
      clock: Date.now,
    });
    const rank = (markdown: string, goal: string, question: string) =>
      buildEvidence({ markdown, goal, question }, { evidenceTokens: evidenceBudget(s.contextWindow) });
    const server = summaryServer(s);
    const extractor = server ? await summaryEngine(server) : null;
    const viaWorker = workerFetch(s);
    const readStatic = createFetchReader({ fetch: viaWorker(STATIC_MAX_BYTES), parse: parseHtml });
    return createAgentTools(
      {
        search,
        // The service worker reads tabs; if it is stopped mid-read, a fresh one reads the page again.
        readTab: (url, signal) =>
          resendIfCutOff(
            () =>
              client.send('router.readTab', {
                url,
                timeoutMs: s.pageTimeoutMs,
                signedOut: readsSignedOut(s, url),
                policy: urlPolicyOf(s),
              }),
            signal,
          ),
        readPdf: createPdfReader({ fetch: viaWorker(PDF_MAX_BYTES), workerSrc: pdfWorkerUrl }),
        // Fetching sends no cookies: a site the user signs in to for Sleuth is read through a tab.
        readStatic: (url, signal) =>
          readsSignedOut(s, url) ? readStatic(url, signal) : Promise.resolve(null),
        rank,
        ...(extractor
          ? {
              writeEvidence: createModelEvidence({
                engine: extractor,
                rank,
                temperature: PROFILES[ctx.profile].summaryTemperature,
              }),
            }
          : {}),
        pages: store.pages,
        readsSignedIn: (url) => !readsSignedOut(s, url),
        policy: urlPolicyOf(s),
        // Public runs hold nothing to leak: they may open a URL the model wrote itself.
        unseenUrls: 'public-runs',
        maxTabs: s.maxTabs,
        pageMaxAgeMs: 6 * 60 * 60 * 1000,
        clock: Date.now,
      },
      ctx,
    );
  };

  const runnerReady = storeReady.then(async (store) => {
    const runner = createResearchRunner({
      store: seams ? (await seams).withQuotaSeam(store) : store,
      broadcast: (e) => hub.broadcast(e),
      loadSettings,
      engine: (s, signal) => engines.ensure(s, signal),
      tools: toolsFor(store),
      pagePrivacy,
      modelProfile: async (s) => (await choose(s)).profile,
      pageEvidence: (markdown, goal) => buildEvidence({ markdown, goal }, { evidenceTokens: 1500 }),
      afterRun: async () => void (await client.send('router.closeIdleTabs', {})),
      clock: Date.now,
      newId: () => crypto.randomUUID(),
    });
    await runner.pauseOrphans().catch(() => 0);
    return runner;
  });

  handlers.add(
    createEngineHandlers({
      startedAt,
      engines,
      webllm,
      loadSettings,
      secret,
      probe: () => probeWebGpu(),
      library,
    }),
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
