import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import {
  evidenceBudget,
  readsSignedOut,
  summaryServer,
  urlPolicyOf,
} from '../../../../src/tools/agent-tools/tool-settings';

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

  it('picks who writes page summaries: the extractor, the main model on a server, or nobody', () => {
    const extractor = {
      ...DEFAULT_SETTINGS,
      extractorBaseUrl: 'http://127.0.0.1:8000/v1',
      extractorModel: 'x',
    };
    expect(summaryServer(DEFAULT_SETTINGS)).toBeNull();
    expect(summaryServer(extractor)).toMatchObject({
      model: 'x',
      keyName: 'extractorKey',
      contextWindow: 32_768,
    });
    expect(summaryServer({ ...extractor, summaryMode: 'passages' })).toBeNull();
    const server = {
      ...DEFAULT_SETTINGS,
      engine: 'openai' as const,
      openaiModel: 'dr-venus',
      summaryMode: 'main-model' as const,
    };
    expect(summaryServer(server)).toMatchObject({ model: 'dr-venus', keyName: 'openaiKey' });
    // A model in the browser never writes summaries itself: its own cache would be evicted.
    expect(summaryServer({ ...DEFAULT_SETTINGS, summaryMode: 'main-model' })).toBeNull();
  });
});
