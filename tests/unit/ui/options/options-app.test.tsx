// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { click, type FakeWorld, q, type, unmount } from '../helpers';
import { mountOptions, optionsHelpers, optionsWorld } from './options-page';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await optionsWorld();
});
afterEach(() => unmount(root));

const { save } = optionsHelpers(() => ({ root, world }));

async function open(settings = DEFAULT_SETTINGS) {
  root = await mountOptions(world, settings);
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
