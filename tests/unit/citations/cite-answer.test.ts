import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { runResearch } from '../../../src/agent/loop';
import { collectReadPages } from '../../../src/agent/read-pages';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { splitSentences } from '../../../src/text/sentences';
import { answer, fakeTools, search, visit } from '../agent/helpers';

const pages = [
  {
    url: 'https://a.org',
    title: 'Kiwi',
    text: 'The kiwi is a flightless bird endemic to New Zealand. It lays very large eggs.',
  },
  { url: 'https://b.org', title: 'Tokyo', text: '東京は日本の首都です。人口は約1400万人です。' },
];

describe('citations', () => {
  it('splits sentences that join back to the exact answer', () => {
    const text = 'First claim. Second one!\n\n- a bullet\n东京是首都。最后';
    const parts = splitSentences(text);
    expect(parts.join('')).toBe(text);
    expect(parts.length).toBe(5);
  });

  it('cites supporting pages, numbers sources in order of use, marks unsupported sentences', () => {
    const cited = citeAnswer(
      '東京は日本の首都です。The kiwi is a flightless bird from New Zealand. Penguins can swim fast.',
      pages,
    );
    expect(cited.sentences.map((s) => s.citations)).toEqual([[1], [2], []]);
    expect(cited.sentences[2]?.supported).toBe(false);
    expect(cited.sources).toEqual([
      { n: 1, url: 'https://b.org', title: 'Tokyo' },
      { n: 2, url: 'https://a.org', title: 'Kiwi' },
    ]);
  });

  it('never cites a page that was only searched or failed to load', async () => {
    const engine = new ScriptedEngine([
      search('kiwi bird'),
      visit('https://example.org/kiwi%20bird/1'),
      visit('https://example.org/kiwi%20bird/2'),
      answer('Kiwi bird result facts are known. Snippet 2 about kiwi bird.'),
    ]);
    const tools = fakeTools((url) => `Kiwi bird result facts from ${url}.`);
    const realVisit = tools.visit.bind(tools);
    tools.visit = async (urls, goal, o) => {
      const out = await realVisit(urls, goal, o);
      return out.map((r) => (r.url.endsWith('/2') ? { ...r, ok: false, reason: 'timed out' } : r));
    };
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock: () => 0 },
      { question: 'q', settings: { date: '2026-01-01' } },
    );
    expect(collectReadPages(result.steps).map((p) => p.url)).toEqual(['https://example.org/kiwi%20bird/1']);
    expect(result.citations?.sources.map((s) => s.url)).toEqual(['https://example.org/kiwi%20bird/1']);
    expect(result.citations?.sentences[1]?.citations).toEqual([]);
  });

  it('counts two spellings of one URL as one page read', async () => {
    const engine = new ScriptedEngine([
      search('kiwi bird'),
      visit('https://example.org/kiwi%20bird/1'),
      visit('https://example.org/kiwi%20bird/1/?utm_source=feed'),
      answer('Kiwi bird result facts are known.'),
    ]);
    const tools = fakeTools((url) => `Kiwi bird result facts from ${url}.`);
    const search0 = tools.search.bind(tools);
    tools.search = async (q, o) =>
      (await search0(q, o)).map((r) => ({
        ...r,
        hits: [
          ...r.hits,
          { title: 'Tracked', url: 'https://example.org/kiwi%20bird/1/?utm_source=feed', snippet: '' },
        ],
      }));
    const result = await runResearch(
      { cite: citeAnswer, engine, tools, clock: () => 0 },
      { question: 'q', settings: { date: '2026-01-01' } },
    );
    const pages = collectReadPages(result.steps);
    expect(pages.map((p) => p.url)).toEqual(['https://example.org/kiwi%20bird/1']);
    expect(result.citations?.sources.map((s) => s.url)).toEqual(['https://example.org/kiwi%20bird/1']);
  });
});
