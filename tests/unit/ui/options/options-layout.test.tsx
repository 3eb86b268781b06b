// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { OptionsApp } from '../../../../src/ui/options/options-app';
import { type FakeWorld, fakeWorld, mount, q, type, unmount, until } from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('engine.status', () => ({ engine: 'web-llm', modelId: null, state: 'not-loaded' }));
  world.handle('engine.probe', () => ({ available: false, reason: 'none' }));
  world.handle('engine.catalog', () => ({ webllm: [], gguf: [], recommended: null, reason: '' }));
  world.handle('engine.listCached', () => []);
});
afterEach(() => unmount(root));

async function open(settings = DEFAULT_SETTINGS) {
  world.settings = settings;
  root = mount(<OptionsApp services={world.services} />);
  await until(() => q(root, 'save-state') !== null);
}

describe('the options page layout', () => {
  it('is a main landmark with four named sections a link can open at', async () => {
    await open();
    expect(root.querySelector('main')).not.toBeNull();
    const ids = [...root.querySelectorAll('fieldset[id]')].map((f) => f.id);
    expect(ids).toEqual(['model', 'search', 'research', 'privacy']);
    const nav = [...root.querySelectorAll('.section-nav a')].map((a) => a.getAttribute('href'));
    expect(nav).toEqual(['#model', '#search', '#research', '#privacy']);
  });

  it('keeps Save in a bar at the bottom of the view, outside the sections', async () => {
    await open();
    const bar = root.querySelector('.save-bar');
    expect(bar?.querySelector('button[type=submit]')?.textContent).toBe('Save');
    expect(bar?.closest('fieldset')).toBeNull();
  });

  it("names the profile choice apart from its section's title", async () => {
    await open();
    const section = q(root, 'profile-section');
    const label = q(root, 'profile-select')?.closest('label');
    expect(section?.querySelector('legend')?.textContent).toBe('Model profile');
    // The label's own text, before its help line and the select.
    expect(label?.firstChild?.textContent).toBe('Profile to use');
  });

  it('says how many steps a run really takes when thoroughness caps the step limit', async () => {
    await open({ ...DEFAULT_SETTINGS, stepLimit: 200, thoroughness: 'balanced' });
    expect(q(root, 'step-cap')?.textContent).toBe(
      'Runs stop after 60 steps: the thoroughness setting caps the step limit of 200.',
    );
    const limit = root.querySelector<HTMLInputElement>('input[name=stepLimit]');
    if (!limit) throw new Error('no step limit');
    type(limit, '30');
    expect(q(root, 'step-cap')?.textContent).toBe('Runs stop after 30 steps.');
  });
});
