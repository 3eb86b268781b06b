import { describe, expect, it, vi } from 'vitest';
import type { ExtractedPage } from '../../../../src/extract/types';
import { DEFAULT_URL_POLICY } from '../../../../src/security/url-policy';
import type { TabApi } from '../../../../src/tools/browse/tabs/tab-api';
import { createLimiter, readThroughTab } from '../../../../src/tools/browse/tabs/tab-reader';

const page = (title: string): ExtractedPage => ({
  title,
  byline: null,
  lang: 'en',
  publishedTime: null,
  siteName: null,
  excerpt: null,
  markdown: `# ${title}\n\nBody.`,
  links: [],
  readerable: true,
  wordCount: 2,
});

function fakeApi(over: Partial<TabApi> = {}) {
  const log: string[] = [];
  const api: TabApi = {
    findLoadedTab: async () => null,
    acquireAgentTab: async () => {
      log.push('acquire');
      return 7;
    },
    load: async (id, url) => {
      log.push(`load ${id} ${url}`);
      return { timedOut: false, finalUrl: 'https://example.org/a', page: page('A') };
    },
    extract: async () => page('A'),
    releaseAgentTab: async (id, { reusable }) => void log.push(`release ${id} ${reusable}`),
    closeIdleAgentTabs: async () => 0,
    ...over,
  };
  return { api, log };
}

const opts = { policy: DEFAULT_URL_POLICY, timeoutMs: 1000, signedOut: true };

describe('reading a page through a tab', () => {
  it('reads the page as the tab had it once settled, and keeps the tab for the next read', async () => {
    const { api, log } = fakeApi();
    const r = await readThroughTab(api, 'https://example.org/a', opts);
    expect(r).toMatchObject({ ok: true, title: 'A', via: 'new-tab', finalUrl: 'https://example.org/a' });
    expect(log).toEqual(['acquire', 'load 7 https://example.org/a', 'release 7 true']);
  });

  it("never reads the user's own signed-in tab unless the site is on the sign-ins list", async () => {
    const { api, log } = fakeApi({
      findLoadedTab: async () => ({ tabId: 3, url: 'https://mail.example/inbox' }),
      extract: async (id) => page(id === 3 ? 'Signed in' : 'A'),
    });
    const out = await readThroughTab(api, 'https://mail.example/inbox', opts);
    expect(out).toMatchObject({ ok: true, via: 'new-tab', title: 'A' });
    expect(log[0]).toBe('acquire');
    const chosen = await readThroughTab(api, 'https://mail.example/inbox', { ...opts, signedOut: false });
    expect(chosen).toMatchObject({ ok: true, via: 'open-tab', title: 'Signed in' });
  });

  it('a page stuck in a dialog or a busy script ends the read with a message and its tab is closed', async () => {
    vi.useFakeTimers();
    try {
      const { api, log } = fakeApi({
        load: async () => ({ timedOut: true, finalUrl: 'https://example.org/alert' }),
        extract: () => new Promise(() => {}),
      });
      const pending = readThroughTab(api, 'https://example.org/alert', opts);
      await vi.advanceTimersByTimeAsync(5000);
      const r = await pending;
      expect(r.ok).toBe(false);
      expect(r.reason).toMatch(/did not answer within 5 s \(it may be showing a dialog/);
      expect(log).toEqual(['acquire', 'release 7 false']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands the agent tab back to be closed when extraction fails, and says why', async () => {
    const { api, log } = fakeApi({
      load: async () => ({ timedOut: true, finalUrl: 'https://example.org/a' }),
      extract: async () => {
        throw new Error('Cannot access contents of the page.');
      },
    });
    const r = await readThroughTab(api, 'https://example.org/a', opts);
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/did not load within 1 s/);
    expect(log).toEqual(['acquire', 'release 7 false']);
  });

  it('says a download is not a page when the tab never navigated', async () => {
    const { api } = fakeApi({
      load: async () => ({ timedOut: true, finalUrl: '' }),
      extract: async () => {
        throw new Error('Cannot access contents of the page.');
      },
    });
    const r = await readThroughTab(api, 'https://example.org/file.zip', opts);
    expect(r.reason).toMatch(/file download/);
  });

  it('passes on why the page came back as visible text rather than as its article', async () => {
    const problem = "The article extractor failed (Error: boom); this is the page's visible text instead.";
    const { api } = fakeApi({
      load: async () => ({
        timedOut: false,
        finalUrl: 'https://example.org/a',
        page: { ...page('A'), problem },
      }),
    });
    const r = await readThroughTab(api, 'https://example.org/a', opts);
    expect(r).toMatchObject({ ok: true, markdown: '# A\n\nBody.', problem });
  });

  it('never opens a tab for a refused address', async () => {
    const { api, log } = fakeApi();
    const r = await readThroughTab(api, 'file:///etc/passwd', opts);
    expect(r.ok).toBe(false);
    expect(log).toEqual([]);
  });

  it('refuses non-html content such as a download', async () => {
    const { api } = fakeApi({
      load: async () => ({
        timedOut: false,
        finalUrl: 'https://example.org/file.zip',
        page: { ...page('x'), contentType: 'application/zip' },
      }),
    });
    const r = await readThroughTab(api, 'https://example.org/file.zip', opts);
    expect(r.reason).toMatch(/not a web page/);
  });

  it('runs at most N reads at once', async () => {
    const run = createLimiter(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});
