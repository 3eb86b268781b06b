import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { mask, type Store } from '../../../src/store';
import { freshStore } from './helpers';

const maxStepsSchema = v.pipe(v.number(), v.integer(), v.minValue(1));
const providersSchema = v.array(v.picklist(['duckduckgo', 'brave', 'searxng']));

describe('settings repository', () => {
  let store: Store;
  afterEach(() => store.close());

  it('returns the stored value when it is valid and the fallback when nothing is stored', async () => {
    store = await freshStore();
    expect(await store.settings.get('maxSteps', maxStepsSchema, 200)).toBe(200);
    await store.settings.set('maxSteps', 50);
    expect(await store.settings.get('maxSteps', maxStepsSchema, 200)).toBe(50);
    await store.settings.set('providers', ['brave', 'duckduckgo']);
    expect(await store.settings.get('providers', providersSchema, ['duckduckgo'])).toEqual([
      'brave',
      'duckduckgo',
    ]);
  });

  it('falls back when stored data does not match the schema', async () => {
    store = await freshStore();
    await store.settings.set('maxSteps', '50 steps');
    expect(await store.settings.get('maxSteps', maxStepsSchema, 200)).toBe(200);
    await store.settings.set('providers', ['duckduckgo', 'altavista']);
    expect(await store.settings.get('providers', providersSchema, ['duckduckgo'])).toEqual(['duckduckgo']);
  });

  it('lists all settings and forgets removed ones', async () => {
    store = await freshStore();
    await store.settings.set('maxSteps', 50);
    await store.settings.set('theme', { mode: 'dark' });
    expect(await store.settings.getAll()).toEqual({ maxSteps: 50, theme: { mode: 'dark' } });
    await store.settings.remove('maxSteps');
    expect(await store.settings.getAll()).toEqual({ theme: { mode: 'dark' } });
    expect(await store.settings.get('maxSteps', maxStepsSchema, 200)).toBe(200);
  });
});

describe('secrets repository', () => {
  let store: Store;
  afterEach(() => store.close());

  it('stores, checks and deletes a secret, apart from the settings', async () => {
    store = await freshStore();
    expect(await store.secrets.has('brave')).toBe(false);
    await store.secrets.set('brave', 'BSA-1234567890abcdef');
    expect(await store.secrets.has('brave')).toBe(true);
    expect(await store.secrets.get('brave')).toBe('BSA-1234567890abcdef');
    expect(await store.settings.getAll()).toEqual({});
    await store.secrets.delete('brave');
    expect(await store.secrets.has('brave')).toBe(false);
    expect(await store.secrets.get('brave')).toBeUndefined();
  });

  it('masks a secret down to its last four characters, and short ones entirely', () => {
    expect(mask('BSA-1234567890abcdef')).toBe('••••cdef');
    expect(mask('BSA-1234567890abcdef')).not.toContain('BSA');
    expect(mask('abc12')).toBe('••••');
    expect(mask('')).toBe('••••');
  });
});
