import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_POLICY } from '../../../../src/security/url-policy';
import { createAgentTools, type ToolDeps } from '../../../../src/tools/agent-tools/create-agent-tools';
import type { ReadTabResult } from '../../../../src/tools/browse/tabs/tab-reader';
import type { SearchChain } from '../../../../src/tools/search/chain';

const signal = new AbortController().signal;
const PRIVATE_PAGE =
  'Order summary for your account. Tracking code 7Q4K-93ZD-XL2P. The parcel ships on Monday from the Leeds depot.';

/** Tools whose search and tab reads are recorded; `pages` says what each URL shows. */
function setup(pages: Record<string, Partial<ReadTabResult>>, signedIn: string[] = []) {
  const queries: string[] = [];
  const reads: string[] = [];
  const cached: string[] = [];
  const search: SearchChain = {
    async search(query) {
      queries.push(query);
      return {
        hits: [
          {
            title: 'Parcel\u{E0049}\u{E0047}\u{E004E} tracking',
            url: 'https://news.example/parcels?id=1',
            snippet: 'How \u200B\u200C\u200Bdepots work',
          },
        ],
        provider: 'duckduckgo',
        fromCache: false,
      };
    },
    status: () => [],
    resetBackoff: () => {},
  };
  const deps: ToolDeps = {
    search,
    async readTab(url): Promise<ReadTabResult> {
      reads.push(url);
      return {
        ok: true,
        url,
        finalUrl: url,
        title: 'A page',
        markdown: 'Plain text.',
        links: [],
        via: 'new-tab',
        ...pages[url],
      };
    },
    rank: (markdown) => ({ evidence: markdown, summary: markdown.slice(0, 40) }),
    pages: {
      getFresh: async () => undefined,
      put: async (p) => {
        cached.push(p.url);
        return p;
      },
    },
    readsSignedIn: (url) => signedIn.some((host) => new URL(url).hostname === host),
    policy: DEFAULT_URL_POLICY,
    maxTabs: 2,
    pageMaxAgeMs: 60_000,
    clock: () => 0,
  };
  return { deps, queries, reads, cached };
}

describe('gates on what the agent sends out', () => {
  it("refuses queries that carry the user's private page, in any disguise, and tells the model why", async () => {
    const { deps, queries } = setup({});
    const tools = createAgentTools(deps, {
      question: 'When will my parcel arrive?',
      seedUrls: ['https://shop.example/orders/1'],
      privateText: [PRIVATE_PAGE],
    });
    const out = await tools.search(
      ['7Q4K-93ZD-XL2P', 'track 7q4k 93zd xl2p', 'P2LX-DZ39-K4Q7', 'parcel delivery times from Leeds depot'],
      { signal },
    );
    expect(out.slice(0, 3).map((r) => r.error)).toEqual([
      expect.stringMatching(/^Refused: .*private page/),
      expect.stringMatching(/^Refused/),
      expect.stringMatching(/^Refused/),
    ]);
    // Topic words are not distinctive: researching the subject keeps working.
    expect(out[3]?.error).toBeUndefined();
    expect(queries).toEqual(['parcel delivery times from Leeds depot']);
  });

  it('opens a seen URL without what the model added to it (tracking parameters, fragments)', async () => {
    const { deps, reads } = setup({});
    const tools = createAgentTools(deps, { question: 'parcels', seedUrls: [] });
    await tools.search(['parcels'], { signal });
    const [r] = await tools.visit(['https://news.example/parcels?id=1&utm_source=7Q4K93ZDXL2P#x'], 'g', {
      signal,
      question: 'parcels',
    });
    expect(r?.ok).toBe(true);
    expect(reads).toEqual(['https://news.example/parcels?id=1']);
  });

  it('removes invisible characters from titles, snippets and page text before the model sees them', async () => {
    const { deps } = setup({
      'https://news.example/parcels?id=1': {
        title: 'Depots\u202E',
        markdown: 'Depots \u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}open late.',
      },
    });
    const tools = createAgentTools(deps, { question: 'parcels', seedUrls: [] });
    const [s] = await tools.search(['parcels'], { signal });
    expect(s?.hits[0]).toMatchObject({ title: 'Parcel tracking', snippet: 'How depots work' });
    const [v] = await tools.visit(['https://news.example/parcels?id=1'], 'g', {
      signal,
      question: 'parcels',
    });
    expect(v).toMatchObject({ ok: true, title: 'Depots', evidence: 'Depots open late.' });
  });

  it('a page read with the sign-ins is private from then on and stays out of the page cache', async () => {
    const { deps, queries, cached } = setup(
      {
        'https://shop.example/orders': { markdown: PRIVATE_PAGE, links: [] },
      },
      ['shop.example'],
    );
    const tools = createAgentTools(deps, { question: 'my order https://shop.example/orders', seedUrls: [] });
    const [v] = await tools.visit(['https://shop.example/orders'], 'g', { signal, question: 'q' });
    expect(v?.ok).toBe(true);
    expect(cached).toEqual([]);
    const [s] = await tools.search(['status of 7Q4K-93ZD-XL2P'], { signal });
    expect(s?.error).toMatch(/^Refused/);
    expect(queries).toEqual([]);
  });
});
