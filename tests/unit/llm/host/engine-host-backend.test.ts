import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../../scripts/lib/scripted-engine';
import { createEngineHost, type EngineChoice } from '../../../../src/llm/host/engine-host';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';

// The views word the backend line from `backendCause` when there is one: once llama.cpp has said
// otherwise after loading, the chosen cause would tell the user the wrong thing.
describe('engine host: why this backend', () => {
  const choice = (engineReason?: string): EngineChoice => ({
    key: `k${engineReason ?? ''}`,
    kind: 'wllama',
    modelId: 'm',
    profile: 'general',
    backend: 'webgpu',
    backendReason: 'WebGPU on nvidia ada.',
    backendCause: { code: 'webgpu', params: { adapter: 'nvidia ada' } },
    create: () => {
      const engine = new ScriptedEngine(['<answer>ok</answer>']);
      const info = engine.info.bind(engine);
      engine.info = () => ({
        ...info(),
        ...(engineReason ? { backend: 'cpu', backendReason: engineReason } : {}),
      });
      return engine;
    },
  });

  it("keeps the chosen cause while the engine agrees, and drops it for the engine's own reason", async () => {
    const agrees = createEngineHost({ choose: async () => choice(), onStatus: () => undefined });
    await agrees.ensure(DEFAULT_SETTINGS);
    expect(agrees.status()).toMatchObject({ state: 'ready', backendCause: { code: 'webgpu' } });

    const cpu = 'CPU: llama.cpp put no layers on a WebGPU device.';
    const differs = createEngineHost({ choose: async () => choice(cpu), onStatus: () => undefined });
    await differs.ensure(DEFAULT_SETTINGS);
    expect(differs.status()).toMatchObject({ state: 'ready', backend: 'cpu', backendReason: cpu });
    expect(differs.status().backendCause).toBeUndefined();
  });
});
