// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EnginePlan } from '../../../../src/llm/host/engine-status';
import type { WebGpuProbeResult } from '../../../../src/llm/webgpu-probe';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import type { GuideFacts } from '../../../../src/ui/guide/guide-facts';
import { GuideModel } from '../../../../src/ui/guide/guide-model';
import { type FakeWorld, fakeWorld, mount, unmount } from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
});
afterEach(() => unmount(root));

// What headless Chromium reports: WebGPU on SwiftShader, a software adapter.
const swiftshader: WebGpuProbeResult = {
  available: true,
  vendor: 'google',
  architecture: 'swiftshader',
  shaderF16: false,
};

const mountGuide = (plan: EnginePlan | null, ollama: GuideFacts['ollama'] = null) => {
  root = mount(
    <GuideModel
      facts={{
        settings: DEFAULT_SETTINGS,
        probe: swiftshader,
        ollama,
        catalog: null,
        cached: [],
        plan,
      }}
      services={world.services}
      onChanged={() => undefined}
    />,
  );
};
const slowMentions = () => (root.textContent ?? '').match(/slow/g)?.length ?? 0;

describe("the first-run guide's model step on a software GPU", () => {
  it('says the model will be slow once', () => {
    mountGuide({
      engine: 'web-llm',
      modelId: 'Qwen3-0.6B-q4f32_1-MLC',
      downloadBytes: 324_000_000,
      reason: 'Software WebGPU (swiftshader) is very slow, so Sleuth uses the smallest model.',
    });
    // "This is a software renderer: models will be very slow." stood above that sentence.
    expect(slowMentions()).toBe(1);
    expect(root.textContent).toContain('WebGPU works here (google swiftshader).');
  });

  it('keeps the warning on the WebGPU line when no engine line explains it', () => {
    mountGuide(null);
    expect(root.textContent).toContain('This is a software renderer: models will be very slow.');
    expect(slowMentions()).toBe(1);
  });
});

describe("the first-run guide's backend line", () => {
  it("words Firefox's CPU default from its cause, naming the setting that offloads anyway", () => {
    mountGuide({
      engine: 'wllama',
      modelId: 'DR-Venus 4B RL Q4_K_M',
      threads: 4,
      backend: 'cpu',
      backendReason: 'English for logs',
      backendCause: { code: 'firefox-webgpu', params: { adapter: 'nvidia ada' } },
    });
    expect(root.querySelector('[data-testid=plan-backend]')?.textContent).toBe(
      "CPU: Firefox's WebGPU (nvidia ada) has given wrong output for llama.cpp models. To use it anyway, set Options → Model → Runs on → WebGPU.",
    );
  });
});

// Ollama is optional: "✗ No Ollama found on this computer (optional)." in red read as a fault.
describe("the first-run guide's Ollama line", () => {
  const mark = () => root.querySelector('[data-testid=guide-ollama] > span');
  it('marks a missing Ollama as a quiet fact, not an error', () => {
    mountGuide(null);
    expect(mark()?.className).toBe('check-none');
    expect(mark()?.textContent).toBe('– ');
    expect(root.querySelector('[data-testid=guide-ollama]')?.textContent).toContain('(optional)');
  });
  it('keeps the red ✗ for an Ollama that refuses Sleuth, which needs fixing', () => {
    mountGuide(null, { state: 'refused', baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(mark()?.className).toBe('check-bad');
    expect(mark()?.textContent).toBe('✗ ');
  });
});
