import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from '../../../src/settings/schema';

describe('settings', () => {
  it('fills defaults for a fresh install', () => {
    expect(parseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.stepLimit).toBe(200);
    expect(DEFAULT_SETTINGS.allowLoopback).toBe(false);
    expect(DEFAULT_SETTINGS.attempts).toBe(1);
    // Out of range falls back to one attempt rather than an unbounded number of runs.
    expect(parseSettings({ attempts: 9 }).attempts).toBe(1);
  });

  it('keeps valid fields of a partly corrupt record and defaults the rest', () => {
    const s = parseSettings({ stepLimit: 40, maxTabs: 'many', thoroughness: 'deep', engine: 'quantum' });
    expect(s.stepLimit).toBe(40);
    expect(s.thoroughness).toBe('deep');
    expect(s.maxTabs).toBe(DEFAULT_SETTINGS.maxTabs);
    expect(s.engine).toBe(DEFAULT_SETTINGS.engine);
  });

  it('a record saved before profiles keeps its system prompt in both profiles and drops its temperature', () => {
    const s = parseSettings({ customPrompt: 'My own prompt.', temperature: 0.6, stepLimit: 50 });
    expect(s.promptTexts).toEqual({
      'dr-venus': { system: 'My own prompt.' },
      general: { system: 'My own prompt.' },
    });
    expect(s.sampling).toEqual({});
    expect(s.stepLimit).toBe(50);
    expect(s.profile).toBe('auto');
    expect(parseSettings({ contextWindow: 262_144 }).contextWindow).toBe(262_144);
  });
});
