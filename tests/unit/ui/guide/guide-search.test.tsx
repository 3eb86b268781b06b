// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GuideSearch } from '../../../../src/ui/guide/guide-search';
import { eventually, type FakeWorld, fakeWorld, mount, q, unmount } from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('search.test', () => ({ ok: true, message: '2 results.', count: 2 }));
});
afterEach(() => unmount(root));

/** The guide's search step as a user reads it: its heading, then its lines. */
const mountStep = (labels: string[]) => {
  root = mount(
    <li>
      <strong>Search</strong>
      <GuideSearch services={world.services} provider="searxng" labels={labels} />
    </li>,
  );
};
const lines = () => [...root.querySelectorAll('p')].map((p) => p.textContent);

describe("the first-run guide's search step", () => {
  it('names the provider once, in the line that says whether it works', async () => {
    mountStep(['SearXNG']);
    await eventually(() => expect(q(root, 'guide-search-result')?.dataset.ok).toBe('true'));
    // Under the "Search" heading a "Search: SearXNG" line said the heading again.
    expect(lines()).toEqual(['✓ SearXNG works: 2 results.']);
  });

  it('says which providers come after the tested one, without the heading word', async () => {
    world.handle('search.test', () => new Promise(() => undefined));
    mountStep(['DuckDuckGo', 'Wikipedia']);
    await eventually(() =>
      expect(lines()).toEqual(['Testing DuckDuckGo…', 'If it fails, Sleuth tries Wikipedia next.']),
    );
    expect(root.textContent).not.toContain('Search:');
  });

  // Issue 30: the guide leaves the question box and Research on the first screen at 400×900.
  it('is one line once search works; a failed test offers to test again and the settings', async () => {
    mountStep(['SearXNG']);
    await eventually(() => expect(q(root, 'guide-search-result')?.dataset.ok).toBe('true'));
    expect(root.querySelectorAll('button')).toHaveLength(0);
    unmount(root);
    world.handle('search.test', () => ({
      ok: false,
      message: 'Nothing answered.',
      info: { code: 'search-unexpected', params: { provider: 'SearXNG' } },
    }));
    mountStep(['SearXNG']);
    await eventually(() => expect(q(root, 'guide-search-result')?.dataset.ok).toBe('false'));
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Test again',
      'Open search settings',
    ]);
  });
});
