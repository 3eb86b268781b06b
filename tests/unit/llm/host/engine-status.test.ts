import { describe, expect, it } from 'vitest';
import { type EngineStatus, statusForSettings } from '../../../../src/llm/host/engine-status';

const saved = { engine: 'web-llm', webllmModel: 'Qwen3-4B', openaiModel: 'qwen3:8b' };
const failed: EngineStatus = {
  engine: 'web-llm',
  modelId: 'Qwen3-4B',
  state: 'error',
  error: { message: 'Qwen3-4B could not be loaded.' },
};

describe('the engine status shown for the saved settings', () => {
  it('forgets "could not be loaded" once the user picks another model or engine', () => {
    expect(statusForSettings(failed, { ...saved, webllmModel: 'Qwen3-1.7B' })).toEqual({
      engine: 'web-llm',
      modelId: 'Qwen3-1.7B',
      state: 'not-loaded',
    });
    expect(statusForSettings(failed, { ...saved, engine: 'openai' })).toMatchObject({
      engine: 'openai',
      modelId: 'qwen3:8b',
      state: 'not-loaded',
    });
  });

  it('keeps the status of the model the settings still name, and any load under way', () => {
    expect(statusForSettings(failed, saved)).toBe(failed);
    const loading: EngineStatus = { engine: 'wllama', modelId: 'x', state: 'loading' };
    expect(statusForSettings(loading, saved)).toBe(loading);
  });

  it('trusts Auto and GGUF to name their own model', () => {
    const ready: EngineStatus = { engine: 'wllama', modelId: 'DR-Venus 4B RL Q4_K_M', state: 'ready' };
    expect(statusForSettings(ready, { ...saved, engine: 'auto' })).toBe(ready);
    expect(statusForSettings(ready, { ...saved, engine: 'wllama' })).toBe(ready);
  });
});
