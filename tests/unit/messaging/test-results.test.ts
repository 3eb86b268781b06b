import { describe, expect, it } from 'vitest';
import { connectionTest } from '../../../src/hosts/engine-handlers';
import { createSearchTestHandlers } from '../../../src/hosts/search-test-handler';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';

// Issue 26 item 6: the Test buttons' results were English sentences built in the engine host
// ("Connected: 2 models, 12 ms.", a search error's message); they travel as data the page words.
describe('the Test buttons answer with data, not sentences', () => {
  it('a model server that answered: its models and the time it took', () => {
    expect(connectionTest({ ok: true, models: ['a', 'b'], modelFound: null, latencyMs: 12.4 })).toEqual({
      ok: true,
      message: 'Connected: 2 models, 12 ms.',
      models: ['a', 'b'],
      latencyMs: 12,
    });
  });

  it('one that did not: its code, or the text of a reply that carried none', () => {
    const info = {
      code: 'model-server-key-rejected',
      params: { status: 401 },
    } as const;
    const coded = connectionTest({ ok: false, code: 'unauthorized', message: 'Key.', hint: 'Fix.', info });
    expect(coded).toMatchObject({ ok: false, info });
    const bare = connectionTest({ ok: false, code: 'bad-response', message: 'Not JSON.', hint: 'Check.' });
    expect(bare).toMatchObject({
      ok: false,
      info: { code: 'engine-failed', params: { detail: 'Not JSON.' } },
    });
  });

  it('a SearXNG on this computer that is not running: the failure a run would carry', async () => {
    const handlers = createSearchTestHandlers({
      loadSettings: async () => ({
        ...DEFAULT_SETTINGS,
        searchProviders: [{ id: 'searxng', enabled: true, baseUrl: 'http://127.0.0.1:9' }],
      }),
      secret: async () => undefined,
      providerDeps: {
        fetch: async () => {
          throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
        },
        parseHtml: () => {
          throw new Error('not used');
        },
      },
    });
    const r = await handlers['search.test']({ provider: 'searxng' }, {});
    expect(r).toMatchObject({
      ok: false,
      info: {
        code: 'search-unreachable',
        params: { provider: 'SearXNG', host: '127.0.0.1:9', reach: 'loopback', cause: 'refused' },
      },
    });
  });
});
