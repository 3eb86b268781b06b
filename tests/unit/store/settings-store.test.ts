import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';
import { loadSettings, saveSettings } from '../../../src/store/settings-store';
import { freshStore } from './helpers';

describe('settings in the store', () => {
  it('round-trips saved settings and gives defaults on a fresh profile', async () => {
    const store = await freshStore();
    expect(await loadSettings(store.settings)).toEqual(DEFAULT_SETTINGS);
    await saveSettings(store.settings, { ...DEFAULT_SETTINGS, stepLimit: 37, thoroughness: 'deep' });
    const back = await loadSettings(store.settings);
    expect(back.stepLimit).toBe(37);
    expect(back.thoroughness).toBe('deep');
  });
});
