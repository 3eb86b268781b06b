import { describe, expect, it } from 'vitest';
import { isInterruption } from '../../../../src/agent/interruption';
import type { AgentStep } from '../../../../src/agent/types';
import { earlierSeenOf } from '../../../../src/runner/earlier-seen';
import { DEFAULT_URL_POLICY } from '../../../../src/security/url-policy';
import type { PageRecord } from '../../../../src/store/records';
import { createAgentTools, type ToolDeps } from '../../../../src/tools/agent-tools/create-agent-tools';
import type { ReadTabResult } from '../../../../src/tools/browse/tabs/tab-reader';

const signal = new AbortController().signal;
const opts = { signal, question: 'q' };

function deps(readTab: ToolDeps['readTab'], cached: PageRecord[] = []): ToolDeps {
  return {
    search: {
      search: async () => ({ hits: [], provider: 'duckduckgo', fromCache: false }),
      status: () => [],
      resetBackoff: () => {},
    },
    readTab,
    rank: (markdown) => ({ evidence: markdown, summary: 'A summary.' }),
    pages: {
      getFresh: async () => undefined,
      get: async (url) => cached.find((p) => p.url === url),
      put: async (p) => p,
    },
    policy: DEFAULT_URL_POLICY,
    maxTabs: 3,
    pageMaxAgeMs: 60_000,
    clock: () => 0,
  };
}

const page = (url: string): ReadTabResult => ({
  ok: true,
  url,
  finalUrl: url,
  title: 'T',
  markdown: 'Some readable text about the topic.',
  links: [],
  via: 'new-tab',
});

const step = (seq: number, result: AgentStep['result']): AgentStep =>
  ({ seq, status: 'done', result }) as unknown as AgentStep;

describe('agent tools after a resume', () => {
  it('open what the earlier steps found (search hits, pages read and their cached links), nothing else', async () => {
    const steps = [
      step(0, {
        tool: 'search',
        searches: [{ query: 'q', hits: [{ title: 'A', url: 'https://example.org/a', snippet: '' }] }],
      }),
      step(1, {
        tool: 'visit',
        goal: 'g',
        pages: [
          { url: 'https://example.org/a', title: 'A', ok: true, evidence: '', summary: '', via: 'new-tab' },
        ],
      }),
    ];
    const cached: PageRecord[] = [
      {
        url: 'https://example.org/a',
        finalUrl: 'https://example.org/a',
        title: 'A',
        markdown: 'x',
        links: ['https://example.org/linked'],
        fetchedAt: 0,
      },
    ];
    const earlier = earlierSeenOf(steps);
    expect(earlier).toEqual({ hits: ['https://example.org/a'], pages: ['https://example.org/a'] });
    const tools = createAgentTools(
      deps(async (url) => page(url), cached),
      { question: 'q', seedUrls: [], earlier },
    );
    const [hit, linked, madeUp] = await tools.visit(
      ['https://example.org/a', 'https://example.org/linked', 'https://example.org/made-up'],
      'g',
      opts,
    );
    expect(hit?.ok).toBe(true);
    expect(linked?.ok).toBe(true);
    expect(madeUp?.ok).toBe(false);
    // Without what the earlier steps saw, the same visit is refused as never seen.
    const fresh = createAgentTools(
      deps(async (url) => page(url), cached),
      { question: 'q', seedUrls: [] },
    );
    const [refused] = await fresh.visit(['https://example.org/a'], 'g', opts);
    expect(refused?.reason).toMatch(/did not appear/);
  });

  it('a tab closed mid-read interrupts the visit instead of reporting a failed page', async () => {
    const closed: ReadTabResult = {
      ...page('https://example.org/a'),
      ok: false,
      closed: true,
      reason: 'closed',
    };
    const tools = createAgentTools(
      deps(async () => closed),
      { question: 'https://example.org/a', seedUrls: [] },
    );
    const err = await tools.visit(['https://example.org/a'], 'g', opts).catch((e: unknown) => e);
    expect(isInterruption(err)).toBe(true);
    expect(String((err as Error).message)).toMatch(/was closed/);
  });
});
