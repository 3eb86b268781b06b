// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { click, eventually, type FakeWorld, q, type, unmount, until } from '../helpers';
import { mountOptions, optionsHelpers, optionsWorld } from './options-page';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await optionsWorld();
});
afterEach(() => unmount(root));

const { row, inRow, order, sentOf, save } = optionsHelpers(() => ({ root, world }));

async function open(settings = DEFAULT_SETTINGS) {
  root = await mountOptions(world, settings);
}

describe('keys', () => {
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
        ? { ok: true, message: '7 results.', count: 7 }
        : {
            ok: false,
            message: 'Brave said 401: the key is wrong.',
            info: { code: 'search-key-rejected', params: { provider: 'Brave', status: 401 } },
          },
    );
    await open();
    click(inRow('wikipedia', 'provider-test'));
    await until(
      () => inRow('wikipedia', 'provider-test-result')?.textContent === 'Works: 7 results for “test”.',
    );
    click(inRow('brave', 'provider-test'));
    await until(
      () =>
        inRow('brave', 'provider-test-result')?.textContent ===
        'Brave rejected the API key (HTTP 401). Check the key in Options → Search.',
    );
    expect(sentOf('search.test')).toEqual([{ provider: 'wikipedia' }, { provider: 'brave' }]);
    expect(world.saves.length).toBeGreaterThanOrEqual(2);
  });
});
