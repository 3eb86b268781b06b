// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { click, eventually, type FakeWorld, find, q, type, unmount, until } from '../helpers';
import { mountOptions, optionsHelpers, optionsWorld } from './options-page';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await optionsWorld();
});
afterEach(() => unmount(root));

const { button, sentOf, save } = optionsHelpers(() => ({ root, world }));

async function open(settings = DEFAULT_SETTINGS) {
  root = await mountOptions(world, settings);
}

describe('options page basics', () => {
  it('shows the GPU check, the model list with Auto, and downloaded models with Delete', async () => {
    await open({ ...DEFAULT_SETTINGS, engine: 'web-llm' });
    await eventually(() => {
      expect(q(root, 'probe-result')?.textContent).toContain('WebGPU is available (nvidia ampere)');
      expect(q(root, 'probe-result')?.textContent).toContain('16-bit shaders');
      const select = q<HTMLSelectElement>(root, 'webllm-model');
      const labels = [...(select?.options ?? [])].map((o) => [o.value, o.textContent]);
      expect(labels[0]).toEqual(['', 'Auto (recommended for this GPU: Qwen3-4B-q4f16_1-MLC)']);
      expect(labels[1]?.[1]).toContain('3.4 GB of GPU memory');
      expect(q(root, 'cached-models')?.textContent).toContain('Qwen3-0.6B-q4f16_1-MLC — 350 MB');
    });
    world.handle('engine.deleteCached', () => ({ deleted: true }));
    world.handle('engine.listCached', () => []);
    click(q(root, 'delete-cached'));
    await until(() => q(root, 'cached-models')?.textContent?.includes('No models downloaded yet.') ?? false);
    expect(sentOf('engine.deleteCached')).toEqual([{ modelId: 'Qwen3-0.6B-q4f16_1-MLC' }]);
  });

  it('Auto: shows what would load and why, and the stored GGUF models with Delete', async () => {
    world.handle('engine.plan', () => ({
      engine: 'wllama',
      modelId: 'DR-Venus 4B RL Q4_K_M',
      label: 'DR-Venus 4B RL Q4_K_M',
      profile: 'dr-venus',
      reason: 'Auto picked DR-Venus 4B RL: Q4_K_M fits.',
      downloadBytes: 2.5e9,
      threads: 8,
      backend: 'cpu',
    }));
    let stored = [
      {
        folder: 'f1',
        label: 'DR-Venus 4B RL Q2_K',
        totalBytes: 1.6e9,
        doneBytes: 0.8e9,
        complete: false,
        shards: 4,
      },
    ];
    world.handle('engine.storedModels', () => ({ models: stored, downloading: null }));
    world.handle('engine.deleteStored', () => {
      stored = [];
      return { deleted: true };
    });
    await open({ ...DEFAULT_SETTINGS, engine: 'auto' });
    await until(() => q(root, 'engine-plan') !== null);
    expect(q(root, 'engine-plan')?.dataset.profile).toBe('dr-venus');
    expect(q(root, 'engine-plan')?.textContent).toContain(
      'DR-Venus 4B RL Q4_K_M · 2.3 GB to download · trained for this research protocol (DR-Venus) · runs on CPU with 8 thread(s)',
    );
    expect(q(root, 'plan-reason')?.textContent).toBe('Auto picked DR-Venus 4B RL: Q4_K_M fits.');
    // The plan is asked for with the page's (unsaved) settings.
    expect((sentOf('engine.plan').at(-1) as { settings?: { engine?: string } }).settings?.engine).toBe(
      'auto',
    );
    await until(
      () => q(root, 'stored-models')?.textContent?.includes('763 MB of 1.5 GB downloaded') ?? false,
    );
    click(q(root, 'delete-stored'));
    await until(
      () => q(root, 'stored-models')?.textContent?.includes('No GGUF models downloaded yet.') ?? false,
    );
    expect(sentOf('engine.deleteStored')).toEqual([{ folder: 'f1' }]);
  });

  it('saves, then loads the model, showing live progress and an error with its hint', async () => {
    let finish: (v: unknown) => void = () => undefined;
    world.handle('engine.load', () => new Promise((r) => (finish = r)));
    world.handle('engine.unload', () => ({ engine: 'web-llm', modelId: null, state: 'not-loaded' }));
    await open();
    click(q(root, 'load-model-now'));
    await until(() => sentOf('engine.load').length === 1);
    expect(world.saves).toHaveLength(1);
    act(() =>
      world.emit({
        type: 'engine',
        status: { engine: 'web-llm', modelId: 'Qwen3-4B', state: 'loading', progress: { fraction: 0.5 } },
      }),
    );
    await eventually(() => expect(q<HTMLProgressElement>(root, 'model-progress')?.value).toBeCloseTo(0.5));
    click(q(root, 'cancel-load'));
    await eventually(() => expect(sentOf('engine.unload')).toHaveLength(1));
    act(() =>
      world.emit({
        type: 'engine',
        status: {
          engine: 'web-llm',
          modelId: null,
          state: 'error',
          error: { message: 'The download failed.', hint: 'Check your connection.' },
        },
      }),
    );
    finish({ engine: 'web-llm', modelId: null, state: 'error' });
    await eventually(() => {
      expect(q(root, 'engine-error')?.textContent).toContain('The download failed.');
      expect(q(root, 'engine-error')?.textContent).toContain('Check your connection.');
    });
  });
});

describe('keys', () => {
  it('stores the server key in secrets, never in settings, and shows it masked', async () => {
    await open({ ...DEFAULT_SETTINGS, engine: 'openai' });
    const key = await find<HTMLInputElement>(root, 'openai-key');
    expect(key.type).toBe('password');
    type(key, 'sk-secret-value-9876');
    await save();
    expect(await world.store.secrets.get('openaiKey')).toBe('sk-secret-value-9876');
    expect(JSON.stringify(world.saves)).not.toContain('sk-secret');
    await eventually(() => expect(q(root, 'openai-key-saved')?.textContent).toBe('••••9876'));
    expect(q(root, 'openai-key')).toBeNull();
    expect(root.textContent).not.toContain('sk-secret');
    // Remove, then save: gone from the store.
    click(button('Remove key'));
    await save();
    expect(await world.store.secrets.has('openaiKey')).toBe(false);
    await find(root, 'openai-key');
  });
});

describe('model server', () => {
  it('fills the URL from a preset, asks for its origin on save, and tests the connection', async () => {
    world.handle('engine.test', () => ({
      ok: true,
      message: 'Connected: 2 models, 12 ms.',
      models: ['qwen3-4b', 'qwen3-8b'],
      latencyMs: 12,
    }));
    await open();
    const engine = q<HTMLSelectElement>(root, 'engine-select');
    if (!engine) throw new Error('no engine select');
    act(() => {
      engine.value = 'openai';
      engine.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const preset = await find<HTMLSelectElement>(root, 'openai-preset');
    act(() => {
      preset.value = 'lm-studio';
      preset.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(q<HTMLInputElement>(root, 'openai-base-url')?.value).toBe('http://127.0.0.1:1234/v1');
    const model = q<HTMLInputElement>(root, 'openai-model');
    if (!model) throw new Error('no model');
    type(model, 'qwen3-4b');
    click(q(root, 'test-connection'));
    await until(
      () => q(root, 'connection-result')?.textContent === 'Settings saved. Connected: 2 models, 12 ms.',
    );
    expect(world.permissionRequests).toEqual([['http://127.0.0.1/*']]);
    expect(world.settings).toMatchObject({
      engine: 'openai',
      openaiBaseUrl: 'http://127.0.0.1:1234/v1',
      openaiModel: 'qwen3-4b',
    });
  });
});
