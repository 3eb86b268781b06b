import { describe, expect, it } from 'vitest';
import type { EngineCatalog } from '../../../../src/llm/host/engine-catalog';
import { GGUF_CATALOG } from '../../../../src/llm/wllama/gguf-catalog';
import { DEFAULT_SETTINGS, type Settings } from '../../../../src/settings/schema';
import { modelChoices } from '../../../../src/ui/ask/model-picker';
import { tEn } from '../helpers';

const catalog: EngineCatalog = { webllm: [], gguf: [...GGUF_CATALOG], recommended: null, reason: '' };
const gguf = (wllamaModelUrl: string): Settings => ({
  ...DEFAULT_SETTINGS,
  engine: 'wllama',
  wllamaModelUrl,
});
const shown = (s: Settings) => {
  const { value, choices } = modelChoices(s, catalog, [], tEn);
  return choices.find((c) => c.value === value);
};

describe('the panel model picker names a GGUF set by address in words, not as its address', () => {
  it('a plain URL shows as its file name, the whole address on hover', () => {
    const url = 'http://127.0.0.1:44959/models/tiny-sizeless.gguf';
    expect(shown(gguf(url))).toEqual({ value: url, label: 'tiny-sizeless.gguf', title: url });
  });

  it('an escaped file name reads as the name (query and fragment left out)', () => {
    const url = 'https://cdn.example.org/a/My%20Model-Q4_K_M.gguf?download=true#x';
    expect(shown(gguf(url))?.label).toBe('My Model-Q4_K_M.gguf');
  });

  it('a hub file shows as the file, a hub repo as the repo', () => {
    expect(shown(gguf('hf:someone/Qwen3-4B-GGUF/Qwen3-4B-Q4_K_M.gguf'))?.label).toBe('Qwen3-4B-Q4_K_M.gguf');
    expect(shown(gguf('hf:someone/Qwen3-4B-GGUF'))?.label).toBe('someone/Qwen3-4B-GGUF');
  });

  it('an address with no file name keeps its host, not an empty line', () => {
    expect(shown(gguf('https://models.example.org/'))?.label).toBe('models.example.org');
  });

  it('the catalog model keeps its display name and size', () => {
    expect(shown(gguf(''))?.label).toMatch(/^DR-Venus 4B RL \(.* download\)$/);
  });

  it('Auto names the model it picks in a few words, the longer reason on hover', () => {
    const webgpu = { ...catalog, recommended: 'Qwen3-0.6B-q4f32_1-MLC' };
    const { choices } = modelChoices(
      { ...DEFAULT_SETTINGS, engine: 'web-llm', webllmModel: '' },
      webgpu,
      [],
      tEn,
    );
    expect(choices[0]).toEqual({
      value: '',
      label: 'Auto: Qwen3-0.6B-q4f32_1-MLC',
      title: 'Auto (recommended for this GPU: Qwen3-0.6B-q4f32_1-MLC)',
    });
  });

  it('under the "auto" engine, Auto names what the engine host plans to load, GGUF included', () => {
    const webgpu = { ...catalog, recommended: 'Qwen3-0.6B-q4f32_1-MLC' };
    const auto = { ...DEFAULT_SETTINGS, engine: 'auto' as const, webllmModel: '' };
    const { choices } = modelChoices(auto, webgpu, [], tEn, 'DR-Venus 4B RL Q4_K_M');
    expect(choices[0]?.label).toBe('Auto: DR-Venus 4B RL Q4_K_M');
    // Before the plan arrives it names nothing: web-llm's own pick said "Auto: Qwen3-…" beside a
    // guide that said the model was not known yet (issue 30). The web-llm engine names its pick.
    expect(modelChoices(auto, webgpu, [], tEn).choices[0]?.label).toBe('Auto: not known yet');
    const webllm = { ...auto, engine: 'web-llm' as const };
    expect(modelChoices(webllm, webgpu, [], tEn, 'DR-Venus 4B RL Q4_K_M').choices[0]?.label).toBe(
      'Auto: Qwen3-0.6B-q4f32_1-MLC',
    );
  });
});
