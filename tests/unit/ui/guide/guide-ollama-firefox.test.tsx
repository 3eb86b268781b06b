// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { GuideModel } from '../../../../src/ui/guide/guide-model';
import { type FakeWorld, fakeWorld, mount, unmount } from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  // The panel page's own address in Firefox (a jsdom page cannot have an extension's origin).
  vi.stubGlobal(
    'location',
    new URL('moz-extension://0b5c7e0a-1d2f-4c3b-9a8e-5f6d7c8b9a0e/sidepanel/index.html'),
  );
});
afterEach(() => {
  unmount(root);
  vi.unstubAllGlobals();
});

// Issue 26 item 6: the guide told Firefox users to set OLLAMA_ORIGINS=chrome-extension://*, which
// lets Chrome's extensions in and still refuses Firefox's.
describe('the first-run guide in Firefox, for an Ollama that refuses Sleuth', () => {
  it('gives the OLLAMA_ORIGINS value that lets Firefox extensions in', () => {
    expect(location.protocol).toBe('moz-extension:');
    root = mount(
      <GuideModel
        facts={{
          settings: DEFAULT_SETTINGS,
          probe: null,
          ollama: { state: 'refused', baseUrl: 'http://127.0.0.1:11434/v1' },
          catalog: null,
          cached: [],
          plan: null,
        }}
        services={world.services}
        onChanged={() => undefined}
      />,
    );
    const line = root.querySelector('[data-testid=guide-ollama]')?.textContent ?? '';
    expect(line).toContain('OLLAMA_ORIGINS=moz-extension://*');
    expect(line).not.toContain('chrome-extension');
  });
});
