// The engine, runner and search rooms with what they need. Chrome's offscreen document hosts them, and
// Firefox's background page hosts them beside the router; both bind the browser's parts (fetch, the
// HTML parser, the model file store, extension URLs) into `hostEngineRooms` (extension/shared/engine-rooms.ts).

import * as v from 'valibot';
import type { FileStore } from '../llm/download/file-store';
import { createModelLibrary } from '../llm/download/model-library';
import { createSpeedBook } from '../llm/host/decode-speed';
import { type ChooserDeps, createEngineChooser } from '../llm/host/engine-choice';
import { createEngineHost, type EngineChoice } from '../llm/host/engine-host';
import { createWebLlmAdmin } from '../llm/host/webllm-admin';
import type { FetchLike } from '../llm/hub/hub-client';
import { probeWebGpu } from '../llm/webgpu-probe';
import type { WllamaBrowser } from '../llm/wllama/backend';
import type { MessageClient } from '../messaging/client';
import type { HandlerRegistry } from '../messaging/handlers';
import type { createLiveHub } from '../messaging/live';
import { createResearchRunner, type ResearchRunner } from '../runner/runner';
import { usesQwen3Tokenizer } from '../settings/model-profile';
import type { Settings } from '../settings/schema';
import { openStore, requestPersistence, type Store } from '../store';
import { toJson } from '../store/json';
import type { SettingsRepo } from '../store/settings-repo';
import { loadSettings as readSettings } from '../store/settings-store';
import { lazyQwen3Counter } from '../text/qwen3-counter';
import { createEngineHandlers } from './engine-handlers';
import { createPagePrivacy, createRunTools, type RunToolsDeps } from './run-tools';
import { createRunnerHandlers } from './runner-handlers';
import { createSearchTestHandlers } from './search-test-handler';

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

/** Test seams of the e2e build only; production passes none. */
export interface EngineRoomSeams {
  /** The random-weight test model's fixed search → visit → answer grammar, when a test asked for it. */
  testGrammar(settings: SettingsRepo): ReturnType<NonNullable<ChooserDeps['testGrammar']>>;
  /** Lets a test lose the GPU device, or slow the model's decoding, on demand. */
  withEngineFaults(choice: EngineChoice): Promise<EngineChoice>;
  /** Lets a test fill the disk on demand. */
  withQuota(store: Store): Promise<Pick<Store, 'sessions' | 'steps'>>;
}

/** The browser's parts the rooms run on. */
export interface EngineRoomsBrowser {
  fetch: FetchLike;
  parseHtml(html: string): Document;
  /** Where downloaded model files live (the Origin Private File System). */
  modelFiles: FileStore;
  /** Extension URL of the bundled wllama.wasm. */
  wasmUrl: string;
  /** Reads the bundled Qwen3 tokenizer (exact token counts for DR-Venus and Qwen3 models). */
  qwen3Tokenizer?(): Promise<unknown>;
  /** URL of pdf.js's worker script. */
  pdfWorkerSrc: string;
  /** CPU threads wllama may use. */
  threads(): number;
  clock(): number;
  newId(): string;
  seams?: EngineRoomSeams;
}

type Secret = (key: string) => Promise<string | undefined>;

/** The settings-store key the models' measured decode speeds on this machine live under. */
const SPEEDS_KEY = 'engineSpeeds';

/** The engine host and what chooses its engine; status changes go to the views. */
function hostEngines(
  { hub, browser: browserName }: EngineRoomsContext,
  browser: EngineRoomsBrowser,
  storeReady: Promise<Store>,
  secret: Secret,
) {
  const webllm = createWebLlmAdmin();
  const library = createModelLibrary({ store: browser.modelFiles, fetch: browser.fetch });
  const { seams } = browser;
  const choose = createEngineChooser({
    wasmUrl: browser.wasmUrl,
    browser: browserName,
    probe: () => probeWebGpu(),
    catalog: () => webllm.catalog(),
    secret,
    library,
    fetch: browser.fetch,
    threads: browser.threads,
    webllmCached: async (id) => (await webllm.listCached([])).some((c) => c.modelId === id),
    ...(seams ? { testGrammar: async () => seams.testGrammar((await storeReady).settings) } : {}),
  });
  const engines = createEngineHost({
    choose: seams ? async (s) => seams.withEngineFaults(await choose(s)) : choose,
    onStatus: (status) => hub.broadcast({ type: 'engine', status }),
    speeds: createSpeedBook({
      read: async () => (await storeReady).settings.get(SPEEDS_KEY, v.unknown(), undefined),
      write: async (records) => (await storeReady).settings.set(SPEEDS_KEY, toJson(records)),
    }),
  });
  return { webllm, library, choose, engines };
}

/** Adds the engine, runner and search rooms to a context; resolves to the runner once the store is open. */
export function hostEngineRooms(
  ctx: EngineRoomsContext,
  browser: EngineRoomsBrowser,
): Promise<ResearchRunner> {
  const { handlers, client, hub } = ctx;
  const startedAt = browser.clock();
  const storeReady = openStore();
  void requestPersistence().catch(() => false);

  const loadSettings = async (): Promise<Settings> => readSettings((await storeReady).settings);
  const secret = async (key: string) => (await storeReady).secrets.get(key);
  const { webllm, library, choose, engines } = hostEngines(ctx, browser, storeReady, secret);
  const toolDeps: RunToolsDeps = {
    fetch: browser.fetch,
    parseHtml: browser.parseHtml,
    secret,
    client,
    pdfWorkerSrc: browser.pdfWorkerSrc,
    clock: browser.clock,
  };
  const { seams } = browser;
  // One for every run: the vocabulary is built once, on the first Qwen3 run.
  const qwen3 = browser.qwen3Tokenizer ? lazyQwen3Counter(browser.qwen3Tokenizer) : undefined;

  const runnerReady = storeReady.then(async (store) => {
    const runner = createResearchRunner({
      store: seams ? await seams.withQuota(store) : store,
      broadcast: (e) => hub.broadcast(e),
      loadSettings,
      engine: (s, signal) => engines.ensure(s, signal),
      tools: createRunTools(toolDeps, store),
      pagePrivacy: createPagePrivacy(toolDeps),
      modelProfile: async (s) => (await choose(s)).profile,
      tokenizerFor: (s) => (qwen3 && usesQwen3Tokenizer(s) ? qwen3 : undefined),
      afterRun: async () => void (await client.send('router.closeIdleTabs', {})),
      clock: browser.clock,
      newId: browser.newId,
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
      providerDeps: { fetch: browser.fetch, parseHtml: browser.parseHtml },
    }),
  );
  return runnerReady;
}
