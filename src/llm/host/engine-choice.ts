import { chooseProfile, PROFILES, profileForModelName } from '../../profiles/profiles';
import type { Settings } from '../../settings/schema';
import type { ModelLibrary } from '../download/model-library';
import { EngineError } from '../engine';
import { grammarOfMode, type TurnGrammar, withGrammar } from '../grammar-engine';
import type { FetchLike } from '../hub/hub-client';
import { createListingCache } from '../hub/listing-cache';
import { deviceBudget, OVERHEAD_BYTES } from '../hub/quant-choice';
import { HINT_NO_WEBGPU } from '../load-errors';
import { OpenAiEngine } from '../openai/openai-engine';
import { formatBytes } from '../progress-stats';
import type { WebGpuProbe } from '../webgpu-probe';
import { type CatalogEntry, chooseModel } from '../webllm/catalog';
import { WebLlmEngine } from '../webllm/webllm-engine';
import { decideWllamaBackend, hasJspi, type WllamaBrowser } from '../wllama/backend';
import { DEFAULT_GGUF, parseGgufModelId } from '../wllama/gguf-catalog';
import { WllamaEngine } from '../wllama/wllama-engine';
import { runsOnOf } from './decode-speed';
import type { EngineChoice } from './engine-host';
import { type GgufPlan, planGguf } from './gguf-plan';

export interface ChooserDeps {
  /** Extension URL of the bundled wllama.wasm. */
  wasmUrl: string;
  probe(): Promise<WebGpuProbe>;
  /** Qwen3 records from web-llm's prebuilt list (loads web-llm lazily). */
  catalog(): Promise<CatalogEntry[]>;
  secret(key: string): Promise<string | undefined>;
  /** Downloaded GGUF models and the one download at a time. */
  library: ModelLibrary;
  fetch: FetchLike;
  /** CPU threads wllama may use: the logical cores when cross-origin isolated, else 1. */
  threads(): number;
  /** Whether web-llm has this model in its cache (so nothing needs downloading). */
  webllmCached?(modelId: string): Promise<boolean>;
  /** The browser, as the entry point knows it (Firefox's WebGPU is not trusted with llama.cpp). */
  browser: WllamaBrowser;
  /** Whether WebAssembly JSPI exists here (wllama's WebGPU path needs it); default: look. */
  jspi?(): boolean;
  /** Clock for the hub listing cache (default Date.now). */
  now?(): number;
  /** Test seam of the e2e build: a grammar that replaces the setting's (key: what it is called). */
  testGrammar?: () => Promise<{ key: string; grammar: TurnGrammar } | undefined>;
}

type ListRepo = ReturnType<typeof createListingCache>;

const NOT_TRAINED =
  "This model was not trained on Sleuth's research protocol (DR-Venus was), so expect weaker research.";

/** The turn grammar the settings ask for, unless the e2e build's seam replaces it. */
async function grammarOf(deps: ChooserDeps, s: Settings) {
  const override = await deps.testGrammar?.();
  return { grammar: override?.grammar ?? grammarOfMode(s.grammar), key: override?.key ?? s.grammar };
}

/** wllama on a planned GGUF model, on WebGPU or the CPU as the settings and the device allow. */
async function ggufChoice(
  deps: ChooserDeps,
  s: Settings,
  plan: GgufPlan,
  prefix = '',
): Promise<EngineChoice> {
  const { grammar, key: grammarKey } = await grammarOf(deps, s);
  const probe = await deps.probe();
  const threads = s.wllamaThreads || deps.threads();
  const decision = decideWllamaBackend(s.wllamaBackend, probe, {
    jspi: deps.jspi?.() ?? hasJspi(),
    browser: deps.browser,
  });
  const gpu = decision.backend === 'webgpu';
  // Asked for WebGPU and not getting it is worth saying in the reason itself.
  const backendNote =
    s.wllamaBackend === 'webgpu' && !gpu
      ? ` WebGPU cannot be used here, so it runs on the ${decision.reason}`
      : '';
  const { library } = deps;
  return {
    key: `wllama|${plan.folder}|${s.contextWindow}|${grammarKey}|${threads}|${gpu}`,
    kind: 'wllama',
    modelId: plan.label,
    profile: plan.profile,
    label: plan.label,
    reason: `${prefix}${plan.reason}${backendNote}`,
    ...(plan.profile === 'dr-venus' ? {} : { notice: NOT_TRAINED }),
    downloadBytes: plan.downloadBytes,
    totalBytes: plan.totalBytes,
    threads,
    backend: decision.backend,
    backendReason: decision.reason,
    backendCause: decision.cause,
    runsOn: runsOnOf(decision.backend, probe),
    create: () =>
      withGrammar(
        new WllamaEngine({
          wasmUrl: deps.wasmUrl,
          contextWindow: s.contextWindow,
          nThreads: threads,
          ...(gpu ? {} : { nGpuLayers: 0 }),
          files: async (_id, opts) => {
            if (plan.request) await library.download(plan.request, opts);
            return library.open(plan.folder);
          },
        }),
        grammar,
      ),
  };
}

async function webllmChoice(
  deps: ChooserDeps,
  s: Settings,
  modelId: string,
  extra: Partial<EngineChoice> = {},
): Promise<EngineChoice> {
  const catalog = await deps.catalog();
  const entry = catalog.find((c) => c.id === modelId);
  const cached = await deps.webllmCached?.(modelId).catch(() => false);
  // web-llm runs on WebGPU only; SwiftShader's is the CPU in disguise.
  const software = (await deps.probe().catch(() => null))?.software ?? false;
  const custom = s.customModels;
  const profile = profileForModelName(modelId);
  // web-llm writes the generation prefix from its template, set at load (see WebLlmEngine).
  const prefix = PROFILES[chooseProfile(s.profile, profile)].generationPrefix;
  return {
    key: `web-llm|${modelId}|${s.contextWindow}|${prefix}`,
    kind: 'web-llm',
    modelId,
    profile,
    label: modelId,
    runsOn: runsOnOf('webgpu', { software }),
    ...(entry && cached !== undefined
      ? { downloadBytes: cached ? 0 : entry.approxDownloadBytes, totalBytes: entry.approxDownloadBytes }
      : {}),
    ...extra,
    create: () =>
      new WebLlmEngine({
        contextWindow: s.contextWindow,
        customModels: custom,
        approxDownloadBytes: (id: string) => catalog.find((c) => c.id === id)?.approxDownloadBytes,
        generationPrefix: prefix,
      }),
  };
}

/** The web-llm Qwen3 model that fits this device; `why` opens the reason. */
async function webllmAuto(deps: ChooserDeps, s: Settings, why: string): Promise<EngineChoice> {
  const probe = await deps.probe();
  if (!probe.available)
    throw new EngineError('no-webgpu', `${why}${probe.reason ?? 'WebGPU is not available.'}`, HINT_NO_WEBGPU);
  const choice = chooseModel(probe, await deps.catalog());
  if (!choice.model) throw new EngineError('no-webgpu', `${why}${choice.reason}`, HINT_NO_WEBGPU);
  return webllmChoice(deps, s, choice.model.id, { reason: `${why}${choice.reason}`, notice: NOT_TRAINED });
}

/** Auto: DR-Venus as GGUF where it fits, else the web-llm Qwen3 model that fits. */
async function autoChoice(deps: ChooserDeps, s: Settings, listRepo: ListRepo): Promise<EngineChoice> {
  const entry = DEFAULT_GGUF;
  const budget = deviceBudget(await deps.probe());
  const smallest = entry.minBytes + entry.kvBytesPerToken * s.contextWindow + OVERHEAD_BYTES;
  const stored = (await deps.library.list()).some(
    (m) => m.complete && m.source.kind === 'hub' && m.source.repo === entry.repo,
  );
  if (!stored && smallest > budget.bytes) {
    return webllmAuto(
      deps,
      s,
      `${entry.label} needs at least about ${formatBytes(smallest)} with a ${s.contextWindow}-token window; ${budget.source} allows about ${formatBytes(budget.bytes)}. `,
    );
  }
  try {
    const plan = await planGguf({ kind: 'catalog', entry }, s, { ...deps, listRepo });
    return ggufChoice(
      deps,
      s,
      plan,
      `Auto picked ${entry.label}, the model trained for this research protocol: `,
    );
  } catch (e) {
    if (e instanceof EngineError && e.code === 'out-of-memory') return webllmAuto(deps, s, `${e.message} `);
    throw e;
  }
}

async function openaiChoice(deps: ChooserDeps, s: Settings): Promise<EngineChoice> {
  const { grammar, key: grammarKey } = await grammarOf(deps, s);
  const model = s.openaiModel.trim();
  if (!model) {
    throw new EngineError(
      'not-loaded',
      'No model name is set for the model server.',
      'Set one in Options → Model.',
    );
  }
  const apiKey = await deps.secret('openaiKey');
  return {
    key: `openai|${s.openaiBaseUrl}|${model}|${apiKey ? 'key' : ''}|${s.openaiFirstByteTimeoutMs}|${grammarKey}`,
    kind: 'openai',
    modelId: model,
    profile: profileForModelName(model),
    label: model,
    create: () =>
      withGrammar(
        new OpenAiEngine({
          baseUrl: s.openaiBaseUrl,
          ...(apiKey ? { apiKey } : {}),
          contextWindow: s.contextWindow,
          firstByteTimeoutMs: s.openaiFirstByteTimeoutMs,
        }),
        grammar,
      ),
  };
}

/** Picks the engine and model the settings ask for; throws a user-facing error when none can run. */
export function createEngineChooser(deps: ChooserDeps) {
  const listRepo = createListingCache({ now: deps.now ?? Date.now });
  return async (s: Settings): Promise<EngineChoice> => {
    if (s.engine === 'openai') return openaiChoice(deps, s);
    if (s.engine === 'wllama') {
      const id = s.wllamaModelUrl.trim() || DEFAULT_GGUF.id;
      const ref = parseGgufModelId(id);
      if (!ref)
        throw new EngineError(
          'not-loaded',
          `"${id}" is neither a known GGUF model, a hub repo (hf:owner/repo) nor a URL.`,
          'Pick a model from the list in Options → Model, or paste an https:// link to a .gguf file.',
        );
      return ggufChoice(deps, s, await planGguf(ref, s, { ...deps, listRepo }));
    }
    if (s.engine === 'auto') return autoChoice(deps, s, listRepo);
    const modelId = s.webllmModel.trim();
    if (modelId) return webllmChoice(deps, s, modelId);
    const probe = await deps.probe();
    if (!probe.available)
      throw new EngineError('no-webgpu', probe.reason ?? 'WebGPU is not available.', HINT_NO_WEBGPU);
    const choice = chooseModel(probe, await deps.catalog());
    if (!choice.model) throw new EngineError('no-webgpu', choice.reason, HINT_NO_WEBGPU);
    return webllmChoice(deps, s, choice.model.id, { reason: choice.reason });
  };
}
