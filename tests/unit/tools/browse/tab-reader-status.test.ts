import { describe, expect, it } from 'vitest';
import type { ExtractedPage } from '../../../../src/extract/types';
import { DEFAULT_URL_POLICY } from '../../../../src/security/url-policy';
import type { TabApi } from '../../../../src/tools/browse/tabs/tab-api';
import { readThroughTab } from '../../../../src/tools/browse/tabs/tab-reader';

const notFound: ExtractedPage = {
  title: 'Page not found',
  byline: null,
  lang: 'en',
  publishedTime: null,
  siteName: null,
  excerpt: null,
  markdown: '# Page not found\n\nSorry, we could not find that page. Try the search box.',
  links: [],
  readerable: false,
  wordCount: 12,
};

function api(httpStatus: number | undefined, open = false): TabApi {
  const page = { ...notFound, ...(httpStatus ? { httpStatus } : {}) };
  return {
    findLoadedTab: async (url) => (open ? { tabId: 3, url } : null),
    acquireAgentTab: async () => 7,
    load: async () => ({ timedOut: false, finalUrl: 'https://example.org/gone', page }),
    extract: async () => page,
    releaseAgentTab: async () => undefined,
    closeIdleAgentTabs: async () => 0,
  };
}

const opts = { policy: DEFAULT_URL_POLICY, timeoutMs: 1000, signedOut: true };

describe('a page that answers with an HTTP error', () => {
  it('is not read: its text is an error page', async () => {
    for (const open of [false, true]) {
      const r = await readThroughTab(api(404, open), 'https://example.org/gone', opts);
      expect(r.ok).toBe(false);
      expect(r.reason).toMatch(/HTTP 404 \(not found\)/);
    }
  });

  it('is read when it answered 200, or when the status is unknown', async () => {
    expect((await readThroughTab(api(200), 'https://example.org/a', opts)).ok).toBe(true);
    expect((await readThroughTab(api(undefined), 'https://example.org/a', opts)).ok).toBe(true);
  });
});
