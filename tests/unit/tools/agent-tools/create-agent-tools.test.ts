import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_POLICY } from '../../../../src/security/url-policy';
import type { PageRecord } from '../../../../src/store/records';
import { createAgentTools, type ToolDeps } from '../../../../src/tools/agent-tools/create-agent-tools';
import { createPdfReader } from '../../../../src/tools/agent-tools/pdf-reader';
import type { ReadTabResult } from '../../../../src/tools/browse/tabs/tab-reader';
import type { SearchChain } from '../../../../src/tools/search/chain';

const signal = new AbortController().signal;

function deps(overrides: Partial<ToolDeps> = {}) {
  const reads: string[] = [];
  const pages = new Map<string, PageRecord>();
  const search: SearchChain = {
    async search(query) {
      return {
        hits: [{ title: `About ${query}`, url: 'https://example.org/a', snippet: 's' }],
        provider: 'duckduckgo',
        fromCache: false,
      };
    },
    status: () => [],
    resetBackoff: () => {},
  };
  const d: ToolDeps = {
    search,
    async readTab(url): Promise<ReadTabResult> {
      reads.push(url);
      return {
        ok: true,
        url,
        finalUrl: url,
        title: 'Page A',
        markdown: 'Alpha facts. See [b](https://example.org/b).',
        links: [{ url: 'https://example.org/b', text: 'b' }],
        via: 'new-tab',
      };
    },
    rank: (markdown) => ({ evidence: markdown, summary: 'A summary.' }),
    pages: {
      getFresh: async (url) => pages.get(url),
      put: async (p) => {
        pages.set(p.url, p);
        return p;
      },
    },
    policy: DEFAULT_URL_POLICY,
    maxTabs: 3,
    pageMaxAgeMs: 60_000,
    clock: () => 0,
    ...overrides,
  };
  return { d, reads };
}

describe('agent tools', () => {
  it('refuses to visit a URL that no search, page or user input mentioned', async () => {
    const { d, reads } = deps();
    const tools = createAgentTools(d, { question: 'q', seedUrls: [] });
    const [r] = await tools.visit(['https://made-up.example.com/x'], 'goal', { signal, question: 'q' });
    expect(r?.ok).toBe(false);
    expect(r?.reason).toMatch(/did not appear/i);
    expect(reads).toEqual([]);
  });

  it('visits search results and links of pages read, and reads each page once', async () => {
    const { d, reads } = deps();
    const tools = createAgentTools(d, { question: 'q', seedUrls: [] });
    await tools.search(['alpha'], { signal });
    const [a] = await tools.visit(['https://example.org/a'], 'alpha', { signal, question: 'q' });
    expect(a).toMatchObject({ ok: true, title: 'Page A', summary: 'A summary.' });
    await tools.visit(['https://example.org/a'], 'again', { signal, question: 'q' });
    const [b] = await tools.visit(['https://example.org/b'], 'beta', { signal, question: 'q' });
    expect(b?.ok).toBe(true);
    expect(reads).toEqual(['https://example.org/a', 'https://example.org/b']);
  });

  it('reports each page read whole, for citations, and no page that failed', async () => {
    const read: { url: string; finalUrl: string; markdown: string }[] = [];
    const { d } = deps();
    const tools = createAgentTools(d, { question: 'q', seedUrls: [], onPageRead: (p) => read.push(p) });
    await tools.search(['alpha'], { signal });
    await tools.visit(['https://example.org/a', 'https://made-up.example.com/x'], 'alpha', {
      signal,
      question: 'q',
    });
    expect(read).toEqual([
      {
        url: 'https://example.org/a',
        finalUrl: 'https://example.org/a',
        markdown: 'Alpha facts. See [b](https://example.org/b).',
      },
    ]);
  });

  it('blocks a query that carries a secret and never sends it to a provider', async () => {
    let sent = false;
    const { d } = deps();
    d.search = {
      ...d.search,
      search: async () => {
        sent = true;
        return { hits: [], provider: 'duckduckgo', fromCache: false };
      },
    };
    const tools = createAgentTools(d, { question: 'q', seedUrls: [] });
    const [r] = await tools.search(['sk-proj-abcdefghijklmnopqrstuvwxyz0123456789'], { signal });
    expect(r?.error).toBeTruthy();
    expect(sent).toBe(false);
  });

  it('reports a failing provider chain as the query error, in words', async () => {
    const { d } = deps();
    d.search = {
      ...d.search,
      search: async () => {
        throw new Error(
          'No search provider could answer. DuckDuckGo is paused for another 20 s (bot check).',
        );
      },
    };
    const tools = createAgentTools(d, { question: 'q', seedUrls: [] });
    const [r] = await tools.search(['alpha'], { signal });
    expect(r?.error).toMatch(/DuckDuckGo is paused/);
  });

  it('refuses private addresses even when the user typed them', async () => {
    const { d, reads } = deps();
    const tools = createAgentTools(d, { question: 'look at http://192.168.1.1/admin', seedUrls: [] });
    const [r] = await tools.visit(['http://192.168.1.1/admin'], 'g', { signal, question: 'q' });
    expect(r?.ok).toBe(false);
    expect(reads).toEqual([]);
  });

  it('says where each page ended up, when it was read and how', async () => {
    let now = 1_000;
    const { d } = deps({ clock: () => now });
    d.readTab = async (url) => ({
      ok: true,
      url,
      finalUrl: 'https://example.org/a-moved',
      title: 'Page A',
      markdown: 'Alpha facts.',
      links: [],
      via: 'open-tab',
    });
    const tools = createAgentTools(d, { question: 'q', seedUrls: ['https://example.org/a'] });
    const [fresh] = await tools.visit(['https://example.org/a'], 'alpha', { signal, question: 'q' });
    expect(fresh).toMatchObject({ finalUrl: 'https://example.org/a-moved', via: 'open-tab', readAt: 1_000 });
    now = 5_000;
    const [again] = await tools.visit(['https://example.org/a'], 'alpha', { signal, question: 'q' });
    expect(again).toMatchObject({ finalUrl: 'https://example.org/a-moved', via: 'cache', readAt: 1_000 });
  });

  it('tells the model why a PDF over the size cap was not read, and caches nothing', async () => {
    const { d, reads } = deps();
    d.readPdf = createPdfReader({
      maxBytes: 1024,
      fetch: async () =>
        new Response(new Uint8Array(4096), { headers: { 'content-type': 'application/pdf' } }),
    });
    const stored: string[] = [];
    d.pages = {
      getFresh: async () => undefined,
      put: async (p) => {
        stored.push(p.url);
        return p;
      },
    };
    const tools = createAgentTools(d, { question: 'q', seedUrls: ['https://example.org/big.pdf'] });
    const [r] = await tools.visit(['https://example.org/big.pdf'], 'g', { signal, question: 'q' });
    expect(r).toMatchObject({ ok: false, reason: 'The PDF is larger than 1.0 KB, more than Sleuth reads.' });
    expect(reads).toEqual([]);
    expect(stored).toEqual([]);
  });
  it('reads a page once per run, even without the page cache and when two visits ask at once', async () => {
    const { d, reads } = deps({ pages: undefined });
    const tools = createAgentTools(d, { question: 'q', seedUrls: ['https://example.org/a'] });
    const both = await tools.visit(['https://example.org/a', 'https://example.org/a#part'], 'g', {
      signal,
      question: 'q',
    });
    const [later] = await tools.visit(['https://example.org/a'], 'other goal', { signal, question: 'q' });
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    expect(later).toMatchObject({ ok: true, via: 'cache', title: 'Page A' });
    expect(reads).toEqual(['https://example.org/a']);
  });

  it('reads a page whose article could not be picked out as its text, and says so', async () => {
    const problem = "The article extractor failed (Error: boom); this is the page's visible text instead.";
    const { d } = deps();
    d.readTab = async (url) => ({
      ok: true,
      url,
      finalUrl: url,
      title: 'Page A',
      markdown: 'Alpha facts in the page text.',
      links: [],
      via: 'new-tab',
      problem,
    });
    const tools = createAgentTools(d, { question: 'q', seedUrls: ['https://example.org/a'] });
    const [r] = await tools.visit(['https://example.org/a'], 'alpha', { signal, question: 'q' });
    expect(r).toMatchObject({ ok: true, evidence: 'Alpha facts in the page text.', readNote: problem });
  });

  it('tries a page again in the same run when its first read failed', async () => {
    let n = 0;
    const { d } = deps({
      pages: undefined,
      async readTab(url) {
        n++;
        return n === 1
          ? {
              ok: false,
              url,
              finalUrl: url,
              title: '',
              markdown: '',
              links: [],
              via: 'new-tab',
              reason: 'Server busy.',
            }
          : { ok: true, url, finalUrl: url, title: 'Back', markdown: 'Text.', links: [], via: 'new-tab' };
      },
    });
    const tools = createAgentTools(d, { question: 'q', seedUrls: ['https://example.org/a'] });
    const [first] = await tools.visit(['https://example.org/a'], 'g', { signal, question: 'q' });
    const [second] = await tools.visit(['https://example.org/a'], 'g', { signal, question: 'q' });
    expect(first?.reason).toBe('Server busy.');
    expect(second).toMatchObject({ ok: true, title: 'Back' });
  });
  it('reads a page that needs no script by fetch, and any other through a tab', async () => {
    const { d, reads } = deps({
      pages: undefined,
      readStatic: async (url) =>
        url.endsWith('/static')
          ? { url, finalUrl: url, title: 'Static', markdown: 'Server text.', links: [] }
          : null,
    });
    const tools = createAgentTools(d, {
      question: 'q',
      seedUrls: ['https://example.org/static', 'https://example.org/app'],
    });
    const [stat, app] = await tools.visit(['https://example.org/static', 'https://example.org/app'], 'g', {
      signal,
      question: 'q',
    });
    expect(stat).toMatchObject({ ok: true, title: 'Static', via: 'fetch' });
    expect(app).toMatchObject({ ok: true, via: 'new-tab' });
    expect(reads).toEqual(['https://example.org/app']);
  });
});
