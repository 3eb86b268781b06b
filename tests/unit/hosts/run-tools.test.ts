import { describe, expect, it } from 'vitest';
import { createRunTools, PAGE_MAX_AGE_MS } from '../../../src/hosts/run-tools';
import type { MessageClient } from '../../../src/messaging/client';
import type { RunToolContext } from '../../../src/runner/run-once';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/settings/schema';
import type { Store } from '../../../src/store';
import { STATIC_MAX_BYTES } from '../../../src/tools/browse/fetch/fetch-reader';

const signal = new AbortController().signal;

/** A run's tools wired to a router that answers no fetch and no tab read, recording what it was sent. */
function wired(settings: Partial<Settings>) {
  const sent: { type: string; payload: Record<string, unknown> }[] = [];
  const maxAges: number[] = [];
  const client = {
    async send(type: string, payload: Record<string, unknown>) {
      sent.push({ type, payload });
      if (type === 'router.fetch') return { verdict: 'failed', reason: 'offline' };
      return { ok: false, reason: 'The page could not be read.' };
    },
  } as unknown as MessageClient;
  const store = {
    searchCache: { get: async () => undefined, put: async () => undefined },
    pages: {
      getFresh: async (_url: string, maxAgeMs: number) => {
        maxAges.push(maxAgeMs);
        return undefined;
      },
      put: async () => undefined,
    },
  } as unknown as Store;
  const tools = createRunTools(
    {
      fetch: async () => new Response(null, { status: 500 }),
      parseHtml: () => {
        throw new Error('no page is parsed here');
      },
      secret: async () => undefined,
      client,
      pdfWorkerSrc: 'pdf.worker.js',
      clock: () => 0,
    },
    store,
  );
  const ctx: RunToolContext = {
    question: 'What does https://news.example/a say?',
    seedUrls: [],
    privateText: [],
    earlier: { hits: [], pages: [] },
    profile: 'dr-venus',
  };
  return { run: async () => tools({ ...DEFAULT_SETTINGS, ...settings }, ctx), sent, maxAges };
}

describe("a run's tools as the hosts floor decides them (src/hosts/run-tools.ts)", () => {
  it('fetches a page signed out through the service worker within half the page timeout, then tries a tab', async () => {
    const { run, sent, maxAges } = wired({ pageTimeoutMs: 20_000 });
    await (await run()).visit(['https://news.example/a'], 'what it says', {
      signal,
      question: 'What does it say?',
    });
    expect(sent.map((s) => s.type)).toEqual(['router.fetch', 'router.readTab']);
    expect(sent[0]?.payload).toMatchObject({ timeoutMs: 10_000, maxBytes: STATIC_MAX_BYTES });
    expect(sent[1]?.payload).toMatchObject({ timeoutMs: 20_000, signedOut: true });
    expect(maxAges).toEqual([PAGE_MAX_AGE_MS]);
  });

  it('reads a site the user signs in to only through a tab, with their sign-ins', async () => {
    const { run, sent } = wired({ signInSites: ['news.example'] });
    await (await run()).visit(['https://news.example/a'], 'what it says', {
      signal,
      question: 'What does it say?',
    });
    expect(sent.map((s) => s.type)).toEqual(['router.readTab']);
    expect(sent[0]?.payload).toMatchObject({ signedOut: false });
  });
});
