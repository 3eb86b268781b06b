import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { OptionsApp } from '../../../../src/ui/options/options-app';
import { click, type FakeWorld, fakeWorld, mount, q, qa, until } from '../helpers';

/**
 * The options page over a fake world with a WebGPU adapter, one catalog model and one cached
 * model, before any host permission was granted (a fresh profile). Shared by the options tests.
 */
export async function optionsWorld(): Promise<FakeWorld> {
  const world = await fakeWorld();
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
  return world;
}

/** Mounts the options page with these settings and waits until it has read them. */
export async function mountOptions(world: FakeWorld, settings = DEFAULT_SETTINGS): Promise<HTMLElement> {
  world.settings = settings;
  const root = mount(<OptionsApp services={world.services} />);
  await until(() => q(root, 'save-state') !== null);
  return root;
}

/** Finders and actions on the mounted page; `page` gives the current test's root and world. */
export function optionsHelpers(page: () => { root: HTMLElement; world: FakeWorld }) {
  const button = (name: string) =>
    [...page().root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
  const row = (id: string) =>
    page().root.querySelector<HTMLElement>(`[data-testid="search-provider"][data-provider="${id}"]`);
  const inRow = <E extends Element = HTMLElement>(id: string, testId: string) => {
    const r = row(id);
    if (!r) throw new Error(`no row ${id}`);
    return q<E>(r, testId);
  };
  const order = () => qa(page().root, 'search-provider').map((r) => r.dataset.provider);
  const sentOf = (type: string) =>
    page()
      .world.sent.filter((m) => m.type === type)
      .map((m) => m.payload);
  async function save() {
    click(button('Save'));
    await until(() => q(page().root, 'save-state')?.textContent === 'Saved');
  }
  return { button, row, inRow, order, sentOf, save };
}
