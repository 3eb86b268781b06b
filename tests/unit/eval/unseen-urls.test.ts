import { describe, expect, it } from 'vitest';
import { runAttempt } from '../../../scripts/eval/attempt';
import { configFromArgs } from '../../../scripts/eval/cli-args';
import { exactJudge } from '../../../scripts/eval/judge';
import { evalToolsFactory } from '../../../scripts/eval/node/eval-tools';
import { optionsRecord } from '../../../scripts/eval/node/options-record';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { DEFAULT_URL_POLICY } from '../../../src/security/url-policy';
import type { SearchChain } from '../../../src/tools/search/chain';

/**
 * `--allow-unseen-urls`: a URL the model wrote itself (in no search result or page) is refused by
 * default and opened with the option, as the extension's public runs may.
 */

const WRITTEN = 'https://written.example/facts';
const QUESTION = 'Which year was the lighthouse built?';

const call = (name: string, args: unknown) =>
  `<think>\nplan\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

const noSearch: SearchChain = {
  search: async () => ({ hits: [], provider: 'duckduckgo', fromCache: false }),
  status: () => [],
  resetBackoff: () => {},
};

async function attempt(unseenUrls: 'refuse' | 'public-runs' | undefined) {
  const fetched: string[] = [];
  const fakeFetch = (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    fetched.push(url);
    return new Response(
      '<html><head><title>Lighthouse</title></head><body><article><p>The lighthouse was built in 1874 on the northern cape, and its lamp still turns every night.</p></article></body></html>',
      { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } },
    );
  }) as typeof fetch;
  const tools = evalToolsFactory({
    search: noSearch,
    policy: DEFAULT_URL_POLICY,
    fetch: fakeFetch,
    pageTimeoutMs: 5000,
    maxTabs: 2,
    ...(unseenUrls ? { unseenUrls } : {}),
  });
  const engine = new ScriptedEngine([
    call('visit', { url: [WRITTEN], goal: 'the year the lighthouse was built' }),
    '<think>\ndone\n</think>\n<answer>1874</answer>',
  ]);
  const out = await runAttempt(
    { item: { id: 'q1', question: QUESTION, answer: '1874', aliases: [] }, window: 32768, attempt: 1 },
    { engine, tools: tools(QUESTION, 32768), settings: { maxSteps: 5 } },
    exactJudge(),
    { signal: new AbortController().signal, clock: Date.now },
  );
  const visitReply = engine.requests[1]?.at(-1)?.content ?? '';
  return { fetched, row: out?.row, visitReply: String(visitReply) };
}

describe('--allow-unseen-urls', () => {
  it('without it, a URL the model wrote itself is refused and never fetched', async () => {
    for (const mode of [undefined, 'refuse'] as const) {
      const { fetched, row, visitReply } = await attempt(mode);
      expect(fetched).toEqual([]);
      expect(visitReply).not.toContain('1874');
      expect(row).toMatchObject({ visits: 1, pagesRead: 0, pagesFailed: 1 });
    }
  });

  it('with it, the URL is visited and the model reads the page', async () => {
    const { fetched, row, visitReply } = await attempt('public-runs');
    expect(fetched).toEqual([WRITTEN]);
    expect(visitReply).toContain('1874');
    expect(row).toMatchObject({ visits: 1, pagesRead: 1, pagesFailed: 0, correct: true });
  });

  it('is parsed from the command line, off by default, and recorded in config.json', () => {
    const base = { data: 'q.jsonl', replay: true };
    const off = configFromArgs(base, {});
    const on = configFromArgs({ ...base, 'allow-unseen-urls': true }, {});
    if (!off.ok || !on.ok) throw new Error('parse failed');
    expect(off.value.allowUnseenUrls).toBe(false);
    expect(on.value.allowUnseenUrls).toBe(true);
    const profile = { name: 'general', settings: {}, summaryTemperature: 0 } as never;
    expect(optionsRecord(on.value, profile)).toMatchObject({ allowUnseenUrls: true });
  });
});
