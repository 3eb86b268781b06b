import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { evidenceBudget, readsSignedOut, urlPolicyOf } from '../../../../src/tools/agent-tools/tool-settings';

describe('tool settings', () => {
  it('reads signed out except on the sites the user opted in, subdomains included', () => {
    const s = { ...DEFAULT_SETTINGS, signInSites: ['example.com'] };
    expect(readsSignedOut(s, 'https://example.com/a')).toBe(false);
    expect(readsSignedOut(s, 'https://news.example.com/a')).toBe(false);
    expect(readsSignedOut(s, 'https://notexample.com/a')).toBe(true);
    expect(readsSignedOut(DEFAULT_SETTINGS, 'https://example.com/a')).toBe(true);
  });

  it('maps privacy settings to the URL policy and scales evidence with the window', () => {
    expect(urlPolicyOf({ ...DEFAULT_SETTINGS, denyList: ['bad.example'] }).deny).toEqual(['bad.example']);
    expect(evidenceBudget(8192)).toBe(819);
    expect(evidenceBudget(2048)).toBe(300);
    expect(evidenceBudget(131072)).toBe(2000);
  });
});
