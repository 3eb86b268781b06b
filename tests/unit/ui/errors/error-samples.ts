import type { RunError, RunErrorCode, SearchFailure } from '../../../../src/errors/run-error';

const searxngDown: SearchFailure = {
  code: 'search-unreachable',
  params: { provider: 'SearXNG', host: '127.0.0.1:8888', reach: 'loopback', cause: 'unknown' },
};

/** One error of every code, with params a user could meet. */
export const SAMPLES: Record<RunErrorCode, RunError> = {
  'search-unreachable': searxngDown,
  'search-timeout': {
    code: 'search-timeout',
    params: { provider: 'Brave', host: 'api.search.brave.com', reach: 'public' },
  },
  'search-key-rejected': { code: 'search-key-rejected', params: { provider: 'Brave', status: 401 } },
  'search-blocked': { code: 'search-blocked', params: { provider: 'DuckDuckGo', status: 403 } },
  'search-rate-limited': { code: 'search-rate-limited', params: { provider: 'Brave', status: 429 } },
  'search-quota-used': { code: 'search-quota-used', params: { provider: 'Tavily', status: 432 } },
  'search-server-error': { code: 'search-server-error', params: { provider: 'Brave', status: 503 } },
  'search-rejected': { code: 'search-rejected', params: { provider: 'Google', status: 400 } },
  'search-malformed': { code: 'search-malformed', params: { provider: 'Wikipedia' } },
  'search-no-json': { code: 'search-no-json', params: { provider: 'SearXNG' } },
  'search-no-instance': { code: 'search-no-instance', params: { provider: 'SearXNG', host: '' } },
  'search-engines-silent': {
    code: 'search-engines-silent',
    params: { provider: 'SearXNG', engines: 'google: timeout' },
  },
  'search-needs-setting': { code: 'search-needs-setting', params: { provider: 'Brave', setting: 'api-key' } },
  'search-bad-url': { code: 'search-bad-url', params: { provider: 'SearXNG' } },
  'search-paused': {
    code: 'search-paused',
    params: { provider: 'Brave', seconds: 30, after: 'rate-limited' },
  },
  'search-unexpected': { code: 'search-unexpected', params: { provider: 'Wikipedia' } },
  'search-redirected': {
    code: 'search-redirected',
    params: { provider: 'SearXNG', to: '10.0.0.1', how: 'refused' },
  },
  'search-none-set-up': { code: 'search-none-set-up', params: {} },
  'search-empty-query': { code: 'search-empty-query', params: {} },
  'search-declined': { code: 'search-declined', params: {} },
  'search-not-asked': { code: 'search-not-asked', params: {} },
  'search-all-failed': { code: 'search-all-failed', params: { first: searxngDown } },
  'model-server-unreachable': {
    code: 'model-server-unreachable',
    params: {
      url: 'http://127.0.0.1:11434/v1',
      host: '127.0.0.1:11434',
      reach: 'loopback',
      cause: 'unknown',
      origin: 'chrome-extension://abcdefghijklmnop',
    },
  },
  'model-server-origin-refused': {
    code: 'model-server-origin-refused',
    params: { url: 'http://127.0.0.1:11434/v1', origin: 'chrome-extension://abcdefghijklmnop' },
  },
  'model-server-key-rejected': { code: 'model-server-key-rejected', params: { status: 401 } },
  'model-not-on-server': {
    code: 'model-not-on-server',
    params: { url: 'http://127.0.0.1:11434/v1', model: 'qwen3:4b' },
  },
  'model-server-no-api': { code: 'model-server-no-api', params: { url: 'http://127.0.0.1:8080' } },
  'model-server-timeout': { code: 'model-server-timeout', params: { status: 504 } },
  'model-server-silent': {
    code: 'model-server-silent',
    params: { url: 'http://127.0.0.1:11434/v1', seconds: 120 },
  },
  'model-server-failed': { code: 'model-server-failed', params: { status: 500 } },
  'model-server-rejected': { code: 'model-server-rejected', params: { status: 400 } },
  'model-load-failed': {
    code: 'model-load-failed',
    params: { model: 'Qwen3-4B-q4f32_1-MLC', cause: 'out-of-memory' },
  },
  'model-reply-unreadable': { code: 'model-reply-unreadable', params: { model: 'dr-venus-4b-rl' } },
  'engine-failed': { code: 'engine-failed', params: { detail: 'RuntimeError: unreachable' } },
  'page-unreachable': {
    code: 'page-unreachable',
    params: { url: 'https://example.org/a', cause: 'timeout' },
  },
  'redirect-refused': {
    code: 'redirect-refused',
    params: { from: 'https://example.org/', to: 'http://10.0.0.1/' },
  },
  'tab-closed': { code: 'tab-closed', params: {} },
  'cap-reached': { code: 'cap-reached', params: { what: 'bytes', limit: 2000000 } },
  'step-limit': { code: 'step-limit', params: { maxSteps: 24 } },
  'no-final-answer': { code: 'no-final-answer', params: {} },
  'context-too-small': { code: 'context-too-small', params: { window: 2048 } },
  'invalid-resume': { code: 'invalid-resume', params: { detail: 'step 3 is missing' } },
  'tool-failed': { code: 'tool-failed', params: { tool: 'search', cause: searxngDown } },
  'store-full': { code: 'store-full', params: {} },
  'store-failed': { code: 'store-failed', params: { detail: 'AbortError' } },
  'stored-text': { code: 'stored-text', params: { text: 'Every search of this run failed.' } },
};
