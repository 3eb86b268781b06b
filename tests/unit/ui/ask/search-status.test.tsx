// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { SearchStatus } from '../../../../src/ui/ask/search-status';
import { fakeWorld, mount, q, unmount, until } from '../helpers';

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) unmount(root);
  root = null;
});

describe('search status in the panel', () => {
  it('names the providers a run will use, in failover order', async () => {
    const world = await fakeWorld();
    world.settings = {
      ...world.settings,
      searchProviders: [
        { id: 'wikipedia', enabled: true },
        { id: 'brave', enabled: false },
        { id: 'duckduckgo', enabled: true },
      ],
    };
    root = mount(<SearchStatus services={world.services} />);
    await until(() => q(root as HTMLElement, 'search-status') !== null);
    expect(q(root, 'search-status')?.textContent).toBe('Search: Wikipedia → DuckDuckGo');
  });

  it('says research cannot search when no provider is on, with the way to fix it', async () => {
    const world = await fakeWorld();
    world.settings = { ...world.settings, searchProviders: [{ id: 'duckduckgo', enabled: false }] };
    root = mount(<SearchStatus services={world.services} />);
    await until(() => q(root as HTMLElement, 'search-status') !== null);
    const banner = q(root, 'search-status');
    expect(banner?.getAttribute('role')).toBe('alert');
    expect(banner?.textContent).toMatch(/No search provider is enabled/);
    banner?.querySelector('button')?.click();
    expect(world.openedOptions).toBe(1);
  });
});
