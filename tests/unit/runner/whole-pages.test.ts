import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import type { AgentTools } from '../../../src/agent/deps';
import { createResearchRunner, type RunnerDeps } from '../../../src/runner/runner';
import { createWholePages } from '../../../src/runner/whole-pages';
import { DEFAULT_SETTINGS } from '../../../src/settings/schema';
import type { Store } from '../../../src/store';
import { freshStore } from '../store/helpers';

/** Google's SRE book chapter on monitoring, as the article reader gives it. */
const SRE_URL = 'https://sre.google/sre-book/monitoring-distributed-systems/';
const SRE_PAGE = readFileSync(
  path.join(import.meta.dirname, '../../fixtures/golden/google-sre-book-1/body.txt'),
  'utf8',
);
// The passages the model was shown: the chapter's opening, not the section on the golden signals.
const EVIDENCE = SRE_PAGE.split('\n').slice(0, 2).join('\n');
const SIGNALS = 'The four golden signals of monitoring are latency, traffic, errors, and saturation.';

const call = (name: string, args: unknown) =>
  `<think>\nplan\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

function sreTools(report: boolean): RunnerDeps['tools'] {
  return (_settings, ctx): AgentTools => ({
    async search(queries) {
      return queries.map((query) => ({
        query,
        hits: [{ title: 'Monitoring Distributed Systems', url: SRE_URL, snippet: 'SRE book' }],
      }));
    },
    async visit(urls) {
      return urls.map((url) => {
        if (report) ctx.onPageRead?.({ url, finalUrl: url, markdown: SRE_PAGE });
        return { url, title: 'Monitoring Distributed Systems', ok: true, evidence: EVIDENCE, summary: '' };
      });
    },
  });
}

async function citedAnswer(store: Store, report: boolean) {
  const engine = new ScriptedEngine([
    call('search', { query: ['sre monitoring'] }),
    call('visit', { url: [SRE_URL], goal: 'what to monitor' }),
    `<think>\ndone\n</think>\n<answer>${SIGNALS}</answer>`,
  ]);
  let n = 0;
  const runner = createResearchRunner({
    store,
    broadcast: () => {},
    loadSettings: async () => DEFAULT_SETTINGS,
    engine: async () => engine,
    tools: sreTools(report),
    clock: () => 1_700_000_000_000 + n * 1000,
    newId: () => `id-${++n}`,
  });
  const { sessionId } = await runner.start({ question: 'What should SRE teams monitor?', origin: 'ask' });
  await runner.settled(sessionId);
  return (await store.sessions.get(sessionId))?.citations as {
    sentences: { text: string; citations: number[]; supported: boolean; quotes?: string[] }[];
    sources: { url: string }[];
  };
}

describe('citations check the whole page read, not only the passages the model saw', () => {
  it('cites a sentence the page states outside the passages given to the model', async () => {
    expect(EVIDENCE).not.toContain('golden');
    const cited = await citedAnswer(await freshStore(), true);
    expect(cited.sources.map((s) => s.url)).toEqual([SRE_URL]);
    const [sentence] = cited.sentences;
    expect(sentence).toMatchObject({ text: SIGNALS, supported: true, citations: [1] });
    expect(sentence?.quotes?.[0]).toContain(SIGNALS);
  });

  it('without the whole page (a tool that does not report it) the sentence stays unsupported', async () => {
    const cited = await citedAnswer(await freshStore(), false);
    expect(cited.sentences[0]).toMatchObject({ supported: false, citations: [] });
  });

  it('takes pages read before a resume from the page cache, and keeps the passages of pages not there', async () => {
    const store = await freshStore();
    await store.pages.put({
      url: SRE_URL,
      finalUrl: SRE_URL,
      title: 'SRE',
      fetchedAt: 0,
      markdown: SRE_PAGE,
    });
    const whole = createWholePages();
    await whole.load([SRE_URL, 'https://example.org/gone'], store.pages);
    const read = [
      { url: `${SRE_URL}?utm_source=x`, title: 'SRE', text: EVIDENCE },
      { url: 'https://example.org/gone', title: 'Gone', text: 'Passages only.' },
    ];
    expect(whole.over(read).map((p) => p.text)).toEqual([SRE_PAGE, 'Passages only.']);
  });
});
