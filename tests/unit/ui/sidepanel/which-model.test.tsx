// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EnginePlan } from '../../../../src/llm/host/engine-status';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import {
  click,
  eventually,
  type FakeWorld,
  fakeWorld,
  find,
  mount,
  q,
  type,
  unmount,
  until,
} from '../helpers';

// Issue 30: one answer to "which model?" in the picker, the guide and the notice, that changes the
// moment the user changes it, and one permission prompt on the Ollama path.

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.settings = { ...DEFAULT_SETTINGS, engine: 'auto' };
  // A fresh install: no access to any site yet.
  world.granted = new Set();
  world.handle('runner.start', () => ({ sessionId: 's1' }));
  world.handle('engine.probe', () => ({ available: false }));
  world.handle('engine.findLocal', () => ({
    ollama: { state: 'running', baseUrl: 'http://127.0.0.1:11434/v1', models: ['qwen3:4b'] },
  }));
  world.handle('engine.catalog', () => ({
    webllm: [],
    gguf: [],
    recommended: 'Qwen3-0.6B-q4f32_1-MLC',
    reason: '',
  }));
  world.handle('engine.models', () => ({ models: ['qwen3:4b'] }));
  world.handle(
    'engine.plan',
    (): EnginePlan =>
      world.settings.engine === 'openai'
        ? { engine: 'openai', modelId: world.settings.openaiModel }
        : {
            engine: 'wllama',
            modelId: 'dr-venus',
            label: 'DR-Venus 4B RL Q4_K_M',
            downloadBytes: 2_500_000_000,
          },
  );
});
afterEach(() => unmount(root));

const picker = () => q<HTMLSelectElement>(root, 'model-picker');
const pickerText = () => picker()?.selectedOptions[0]?.textContent ?? '';

describe('which model, on the first run', () => {
  it('the picker and the guide name the same model, and both switch at once to Ollama', async () => {
    root = mount(<SidePanelApp services={world.services} />);
    await eventually(() => {
      expect(q(root, 'guide-model-name')?.textContent).toBe('DR-Venus 4B RL Q4_K_M');
      expect(pickerText()).toBe('Auto: DR-Venus 4B RL Q4_K_M');
    });
    click(await find(root, 'guide-use-ollama'));
    // Without a reload or the panel losing focus: the picker stayed on "Auto: …" until one.
    await eventually(() => {
      expect(pickerText()).toBe('qwen3:4b');
      expect(q(root, 'guide-model-name')?.textContent).toBe('qwen3:4b');
    });
  });

  it('the Ollama path asks for site access once: at "Use Ollama", not again at the first run', async () => {
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'guide-use-ollama'));
    await until(() => world.settings.engine === 'openai');
    expect(world.permissionRequests).toEqual([['<all_urls>']]);
    type(await find<HTMLTextAreaElement>(root, 'question'), 'What is new in fusion?');
    click(q(root, 'start'));
    await until(() => world.sent.some((m) => m.type === 'runner.start'));
    expect(q(root, 'permission-gate')).toBeNull();
    expect(world.permissionRequests).toHaveLength(1);
  });
});
