import { describe, expect, it } from 'vitest';
import { type EngineStatus, modelAsked, statusForSettings } from '../../../../src/llm/host/engine-status';

const saved = {
  engine: 'web-llm',
  webllmModel: 'Qwen3-4B',
  openaiModel: 'qwen3:8b',
  openaiBaseUrl: 'http://127.0.0.1:11434/v1',
  wllamaModelUrl: 'https://models.example/broken.gguf',
  ggufQuant: '',
};
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

  it('forgets a failed GGUF or Auto load once another model is picked, though they name their own', () => {
    // The host names a GGUF by the file it resolved, never by what the settings say, so only what
    // was asked for can tell that the user has since picked something else.
    const gguf = { ...saved, engine: 'wllama' };
    const brokenGguf: EngineStatus = {
      engine: 'wllama',
      modelId: 'broken.gguf',
      state: 'error',
      error: { message: 'The model could not be loaded.' },
      asked: modelAsked(gguf),
    };
    expect(statusForSettings(brokenGguf, gguf)).toBe(brokenGguf);
    const picked = { ...gguf, wllamaModelUrl: 'dr-venus-4b-rl' };
    expect(statusForSettings(brokenGguf, picked)).toMatchObject({ engine: 'wllama', state: 'not-loaded' });
    const auto = { ...saved, engine: 'auto' };
    const brokenAuto: EngineStatus = { ...brokenGguf, asked: modelAsked(auto) };
    expect(statusForSettings(brokenAuto, auto)).toBe(brokenAuto);
    expect(statusForSettings(brokenAuto, { ...auto, webllmModel: 'Qwen3-1.7B' })).toMatchObject({
      state: 'not-loaded',
    });
  });
});
