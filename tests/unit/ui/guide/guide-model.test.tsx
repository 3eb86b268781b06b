// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EnginePlan } from '../../../../src/llm/host/engine-status';
import type { WebGpuProbeResult } from '../../../../src/llm/webgpu-probe';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
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

const mountGuide = (plan: EnginePlan | null) => {
  root = mount(
    <GuideModel
      facts={{
        settings: DEFAULT_SETTINGS,
        probe: swiftshader,
        ollama: null,
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
