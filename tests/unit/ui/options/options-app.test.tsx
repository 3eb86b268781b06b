// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { OptionsApp } from '../../../../src/ui/options/options-app';
import {
  click,
  eventually,
  type FakeWorld,
  fakeWorld,
  find,
  mount,
  q,
  qa,
  type,
  unmount,
  until,
} from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('engine.status', () => ({ engine: 'web-llm', modelId: null, state: 'not-loaded' }));
  world.handle('engine.probe', () => ({
    available: true,
    vendor: 'nvidia',
    architecture: 'ampere',
    shaderF16: true,
  }));
  world.handle('engine.catalog', () => ({
    webllm: [
      {
        id: 'Qwen3-4B-q4f16_1-MLC',
        size: '4B',
        quantization: 'q4f16_1',
        vramMB: 3432,
        approxDownloadBytes: 2.3e9,
      },
    ],
    gguf: [],
    recommended: 'Qwen3-4B-q4f16_1-MLC',
    reason: 'Largest model that fits.',
  }));
  world.handle('engine.listCached', () => [{ modelId: 'Qwen3-0.6B-q4f16_1-MLC', bytes: 350 * 1024 * 1024 }]);
  // Nothing granted yet, as on a fresh profile before the first run.
  world.granted = new Set();
});
afterEach(() => unmount(root));

const button = (name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
const row = (id: string) =>
  root.querySelector<HTMLElement>(`[data-testid="search-provider"][data-provider="${id}"]`);
const inRow = <E extends Element = HTMLElement>(id: string, testId: string) => {
  const r = row(id);
  if (!r) throw new Error(`no row ${id}`);
  return q<E>(r, testId);
};
const order = () => qa(root, 'search-provider').map((r) => r.dataset.provider);
const sentOf = (type: string) => world.sent.filter((m) => m.type === type).map((m) => m.payload);

async function open(settings = DEFAULT_SETTINGS) {
  world.settings = settings;
  root = mount(<OptionsApp services={world.services} />);
  await until(() => q(root, 'save-state') !== null);
}

async function save() {
  click(button('Save'));
  await until(() => q(root, 'save-state')?.textContent === 'Saved');
}

describe('options page basics', () => {
  it('keeps the selectors the end-to-end test uses and saves into settings', async () => {
    await open();
    const steps = root.querySelector<HTMLInputElement>('input[name=stepLimit]');
    if (!steps) throw new Error('no stepLimit');
    type(steps, '37');
    const attempts = root.querySelector<HTMLInputElement>('input[name=attempts]');
    if (!attempts) throw new Error('no attempts');
    type(attempts, '3');
    const thorough = root.querySelector<HTMLSelectElement>('select[name=thoroughness]');
    if (!thorough) throw new Error('no thoroughness');
    act(() => {
      thorough.value = 'deep';
      thorough.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await save();
    expect(world.settings.stepLimit).toBe(37);
    expect(world.settings.attempts).toBe(3);
    expect(world.settings.thoroughness).toBe('deep');
    // An unrelated change never prompts for permissions.
    expect(world.permissionRequests).toEqual([]);
  });

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

  it('replaces a provider key and shows only its last four characters', async () => {
    await world.store.secrets.set('search:brave', 'BSA-old-key-1111');
    await open();
    await until(() => inRow('brave', 'provider-key-saved') !== null);
    expect(inRow('brave', 'provider-key-saved')?.textContent).toBe('••••1111');
    const r = row('brave');
    click([...(r?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Replace key') ?? null);
    const field = inRow<HTMLInputElement>('brave', 'provider-key');
    if (!field) throw new Error('no provider key field');
    type(field, 'BSA-new-key-2222');
    await save();
    expect(await world.store.secrets.get('search:brave')).toBe('BSA-new-key-2222');
    await eventually(() => expect(inRow('brave', 'provider-key-saved')?.textContent).toBe('••••2222'));
  });
});

describe('search providers', () => {
  it('lists every provider, configured ones first, and reorders with the arrow buttons', async () => {
    await open();
    expect(order()).toEqual([
      'duckduckgo',
      'wikipedia',
      'searxng',
      'brave',
      'tavily',
      'serper',
      'google',
      'jina',
    ]);
    expect(inRow<HTMLButtonElement>('duckduckgo', 'provider-up')?.disabled).toBe(true);
    expect(inRow('brave', 'provider-up')?.getAttribute('aria-label')).toBe('Move Brave Search up');
    click(inRow('brave', 'provider-up'));
    click(inRow('brave', 'provider-up'));
    click(inRow('brave', 'provider-up'));
    click(inRow('duckduckgo', 'provider-down'));
    await eventually(() => {
      expect(order().slice(0, 3)).toEqual(['brave', 'wikipedia', 'duckduckgo']);
      expect(document.activeElement).toBe(inRow('duckduckgo', 'provider-down'));
    });
    await save();
    expect(world.settings.searchProviders.map((p) => p.id).slice(0, 3)).toEqual([
      'brave',
      'wikipedia',
      'duckduckgo',
    ]);
  });

  it('asks for the provider origin when Save enables it, and says so when refused', async () => {
    await open();
    click(inRow('brave', 'provider-enabled'));
    world.grantRequests = false;
    await save();
    expect(world.permissionRequests).toEqual([['https://api.search.brave.com/*']]);
    expect(world.settings.searchProviders.find((p) => p.id === 'brave')?.enabled).toBe(true);
    await until(() => q(root, 'permission-denied') !== null);
    expect(q(root, 'permission-denied')?.textContent).toContain('https://api.search.brave.com/*');
    expect(inRow('brave', 'access-warning')).not.toBeNull();
  });

  it('asks for a SearXNG instance by its host', async () => {
    await open();
    click(inRow('searxng', 'provider-enabled'));
    const url = inRow<HTMLInputElement>('searxng', 'provider-base-url');
    if (!url) throw new Error('no base url');
    type(url, 'https://searx.example.org:8443/');
    await save();
    expect(world.permissionRequests).toEqual([['https://searx.example.org/*']]);
    expect(world.settings.searchProviders.find((p) => p.id === 'searxng')?.baseUrl).toBe(
      'https://searx.example.org:8443/',
    );
  });

  it('tests one provider after saving and shows the result count or the error', async () => {
    world.handle('search.test', (p) =>
      (p as { provider: string }).provider === 'wikipedia'
        ? { ok: true, message: 'ok', count: 7 }
        : { ok: false, message: 'Brave said 401: the key is wrong.' },
    );
    await open();
    click(inRow('wikipedia', 'provider-test'));
    await until(
      () => inRow('wikipedia', 'provider-test-result')?.textContent === 'Works: 7 results for “test”.',
    );
    click(inRow('brave', 'provider-test'));
    await until(
      () => inRow('brave', 'provider-test-result')?.textContent === 'Brave said 401: the key is wrong.',
    );
    expect(sentOf('search.test')).toEqual([{ provider: 'wikipedia' }, { provider: 'brave' }]);
    expect(world.saves.length).toBeGreaterThanOrEqual(2);
  });
});

describe('model server', () => {
  it('fills the URL from a preset, asks for its origin on save, and tests the connection', async () => {
    world.handle('engine.test', () => ({ ok: true, message: 'Connected: 2 model(s), 12 ms.' }));
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
      () => q(root, 'connection-result')?.textContent === 'Settings saved. Connected: 2 model(s), 12 ms.',
    );
    expect(world.permissionRequests).toEqual([['http://127.0.0.1/*']]);
    expect(world.settings).toMatchObject({
      engine: 'openai',
      openaiBaseUrl: 'http://127.0.0.1:1234/v1',
      openaiModel: 'qwen3-4b',
    });
  });
});

describe('research and privacy', () => {
  it("resets the profile's own prompt texts and saves lists, tabs and timeout", async () => {
    await open({ ...DEFAULT_SETTINGS, promptTexts: { general: { system: 'You are my prompt.' } } });
    click(q(root, 'reset-prompt'));
    const allow = root.querySelector<HTMLTextAreaElement>('textarea[name=allowList]');
    const timeout = root.querySelector<HTMLInputElement>('input[name=pageTimeoutSeconds]');
    if (!allow || !timeout) throw new Error('missing fields');
    type(allow, 'example.org\n');
    expect(allow.value).toBe('example.org\n');
    type(allow, 'example.org\nwiki.example\n');
    type(timeout, '30');
    await save();
    expect(world.settings).toMatchObject({
      promptTexts: { general: {} },
      allowList: ['example.org', 'wiki.example'],
      pageTimeoutMs: 30_000,
    });
  });
});
