// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { EnginePlan } from '../../../../src/llm/host/engine-status';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { PickerServerOffer } from '../../../../src/ui/ask/local-server-offer';
import { GuideModel } from '../../../../src/ui/guide/guide-model';
import { fakeWorld, find, mount, q, unmount, until } from '../helpers';

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) unmount(root);
  root = null;
});

const onCpu: EnginePlan = {
  engine: 'wllama',
  modelId: 'DR-Venus 4B RL Q4_K_M',
  threads: 2,
  backend: 'cpu',
  runsOn: 'cpu',
  backendCause: { code: 'software-adapter', params: { adapter: 'google swiftshader' } },
};
const guideFacts = (plan: EnginePlan) => ({
  settings: { ...DEFAULT_SETTINGS, engine: 'wllama' as const },
  probe: null,
  ollama: { state: 'absent' as const },
  catalog: null,
  cached: [],
  plan,
});

describe('the in-browser model measured slow on this machine', () => {
  it('the guide says how fast it wrote here and how to get a local server, and looks again on request', async () => {
    const world = await fakeWorld();
    let looks = 0;
    root = mount(
      <GuideModel
        facts={guideFacts({ ...onCpu, decodeTokensPerSecond: 2.96 })}
        services={world.services}
        onChanged={() => undefined}
        onLookAgain={() => {
          looks += 1;
        }}
      />,
    );
    const offer = await find(root, 'guide-slow');
    expect(offer.textContent).toContain(
      'On this machine the in-browser model writes about 3 tokens a second',
    );
    expect(offer.textContent).toContain('a 200-step run spends about 4.5 h writing');
    expect(offer.textContent).toContain('OLLAMA_ORIGINS=');
    q(root, 'guide-slow-look')?.click();
    expect(looks).toBe(1);
  });

  it('says nothing before anything was measured, nor for a fast model', async () => {
    const world = await fakeWorld();
    root = mount(
      <GuideModel facts={guideFacts(onCpu)} services={world.services} onChanged={() => undefined} />,
    );
    await find(root, 'guide-plan');
    expect(q(root, 'guide-slow')).toBeNull();
    unmount(root);
    root = mount(
      <GuideModel
        facts={guideFacts({ ...onCpu, decodeTokensPerSecond: 25 })}
        services={world.services}
        onChanged={() => undefined}
      />,
    );
    await find(root, 'guide-plan');
    expect(q(root, 'guide-slow')).toBeNull();
  });

  it('under the picker, one click switches to the Ollama running here', async () => {
    const world = await fakeWorld();
    world.settings = { ...DEFAULT_SETTINGS, engine: 'wllama', allowLoopback: true };
    world.handle('engine.findLocal', () => ({
      ollama: { state: 'running', baseUrl: 'http://127.0.0.1:11434/v1', models: ['qwen3:4b'] },
    }));
    let changed = 0;
    root = mount(
      <PickerServerOffer
        services={world.services}
        model={{
          settings: world.settings,
          plan: { plan: { ...onCpu, decodeTokensPerSecond: 4 }, error: null, busy: false },
        }}
        onChanged={() => {
          changed += 1;
        }}
      />,
    );
    const use = await find(root, 'picker-slow-use');
    expect(use.textContent).toBe('Use Ollama (qwen3:4b) instead');
    use.click();
    await until(() => changed === 1);
    expect(world.settings).toMatchObject({
      engine: 'openai',
      openaiModel: 'qwen3:4b',
      openaiBaseUrl: 'http://127.0.0.1:11434/v1',
    });
  });

  it('an Ollama without a model is asked to pull one, not to start', async () => {
    const world = await fakeWorld();
    world.handle('engine.findLocal', () => ({
      ollama: { state: 'running', baseUrl: 'http://127.0.0.1:11434/v1', models: [] },
    }));
    root = mount(
      <PickerServerOffer
        services={world.services}
        model={{
          settings: world.settings,
          plan: { plan: { ...onCpu, decodeTokensPerSecond: 4 }, error: null, busy: false },
        }}
        onChanged={() => undefined}
      />,
    );
    await until(() => (root?.textContent ?? '').includes('ollama pull'));
    expect(q(root, 'picker-slow-use')).toBeNull();
    expect(root.textContent).not.toContain('OLLAMA_ORIGINS');
  });
});
