import { describe, expect, it } from 'vitest';
import { withTokenizer } from '../../../src/runner/run-tokenizer';
import { usesQwen3Tokenizer } from '../../../src/settings/model-profile';
import { parseSettings, type Settings } from '../../../src/settings/schema';

const settings = (patch: Partial<Settings>): Settings => ({ ...parseSettings({}), ...patch });

describe('which runs count in Qwen3 tokens', () => {
  it('DR-Venus and Qwen3 models on a server do; another model does not', () => {
    expect(usesQwen3Tokenizer(settings({ engine: 'openai', openaiModel: 'DR-Venus-4B-RL' }))).toBe(true);
    expect(usesQwen3Tokenizer(settings({ engine: 'openai', openaiModel: 'qwen3:4b' }))).toBe(true);
    expect(usesQwen3Tokenizer(settings({ engine: 'openai', openaiModel: 'llama3.1:8b' }))).toBe(false);
    expect(usesQwen3Tokenizer(settings({ engine: 'openai', openaiModel: 'qwen2.5:7b' }))).toBe(false);
  });

  it('the GGUF default (DR-Venus) and a GGUF named for another model', () => {
    expect(usesQwen3Tokenizer(settings({ engine: 'wllama', wllamaModelUrl: '' }))).toBe(true);
    expect(
      usesQwen3Tokenizer(settings({ engine: 'wllama', wllamaModelUrl: 'https://x/tiny-llama.gguf' })),
    ).toBe(false);
    expect(usesQwen3Tokenizer(settings({ engine: 'auto' }))).toBe(true);
    expect(usesQwen3Tokenizer(settings({ engine: 'web-llm', webllmModel: 'Qwen3-1.7B-q4f16_1-MLC' }))).toBe(
      true,
    );
  });

  it("a run takes the model's own counter over the general one, and the general one otherwise", () => {
    const general = { count: () => 1 };
    const qwen3 = { count: () => 2 };
    const deps = {
      tokenizer: general,
      tokenizerFor: (s: Settings) => (usesQwen3Tokenizer(s) ? qwen3 : undefined),
    };
    expect(withTokenizer(deps, settings({ engine: 'openai', openaiModel: 'DR-Venus' })).tokenizer).toBe(
      qwen3,
    );
    expect(withTokenizer(deps, settings({ engine: 'openai', openaiModel: 'gemma' })).tokenizer).toBe(general);
    expect(withTokenizer({}, settings({}))).toEqual({});
  });
});
