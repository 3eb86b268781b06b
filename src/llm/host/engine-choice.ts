import { chooseProfile, PROFILES, profileForModelName } from '../../agent/profiles';
import type { Settings } from '../../settings/schema';
import { EngineError } from '../engine';
import { GGUF_CATALOG } from '../gguf-catalog';
import { grammarOfMode, type TurnGrammar, withGrammar } from '../grammar-engine';
import { HINT_NO_WEBGPU } from '../load-errors';
import { OpenAiEngine } from '../openai-engine';
import type { WebGpuProbe } from '../webgpu-probe';
import { type CatalogEntry, chooseModel } from '../webllm-catalog';
import { WebLlmEngine } from '../webllm-engine';
import { WllamaEngine } from '../wllama-engine';
import type { EngineChoice } from './engine-host';

export interface ChooserDeps {
  /** Extension URL of the bundled wllama.wasm. */
  wasmUrl: string;
  probe(): Promise<WebGpuProbe>;
  /** Qwen3 records from web-llm's prebuilt list (loads web-llm lazily). */
  catalog(): Promise<CatalogEntry[]>;
  secret(key: string): Promise<string | undefined>;
  /** Test seam of the e2e build: a grammar that replaces the setting's (key: what it is called). */
  testGrammar?: () => Promise<{ key: string; grammar: TurnGrammar } | undefined>;
}

/** Picks the engine and model the settings ask for; throws a user-facing error when none can run. */
export function createEngineChooser(deps: ChooserDeps) {
  return async (s: Settings): Promise<EngineChoice> => {
    const override = await deps.testGrammar?.();
    const grammar = override?.grammar ?? grammarOfMode(s.grammar);
    const grammarKey = override?.key ?? s.grammar;
    if (s.engine === 'openai') {
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
    if (s.engine === 'wllama') {
      const model = s.wllamaModelUrl.trim() || (GGUF_CATALOG[0]?.id ?? '');
      const probe = await deps.probe();
      return {
        key: `wllama|${model}|${s.contextWindow}|${grammarKey}`,
        kind: 'wllama',
        modelId: model,
        create: () =>
          withGrammar(
            new WllamaEngine({
              wasmUrl: deps.wasmUrl,
              contextWindow: s.contextWindow,
              nThreads: 1,
              ...(probe.available ? {} : { nGpuLayers: 0 }),
            }),
            grammar,
          ),
      };
    }
    const catalog = await deps.catalog();
    let modelId = s.webllmModel.trim();
    const custom = s.customModels;
    if (!modelId) {
      const probe = await deps.probe();
      if (!probe.available)
        throw new EngineError('no-webgpu', probe.reason ?? 'WebGPU is not available.', HINT_NO_WEBGPU);
      const choice = chooseModel(probe, catalog);
      if (!choice.model) throw new EngineError('no-webgpu', choice.reason, HINT_NO_WEBGPU);
      modelId = choice.model.id;
    }
    const approx = (id: string) => catalog.find((c) => c.id === id)?.approxDownloadBytes;
    // web-llm writes the generation prefix from its template, set at load (see WebLlmEngine).
    const prefix = PROFILES[chooseProfile(s.profile, profileForModelName(modelId))].generationPrefix;
    return {
      key: `web-llm|${modelId}|${s.contextWindow}|${prefix}`,
      kind: 'web-llm',
      modelId,
      create: () =>
        new WebLlmEngine({
          contextWindow: s.contextWindow,
          customModels: custom,
          approxDownloadBytes: approx,
          generationPrefix: prefix,
        }),
    };
  };
}
