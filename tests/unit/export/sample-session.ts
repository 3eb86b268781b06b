import { formatSearchObservation, formatVisitObservation } from '../../../src/agent/observation-format';
import type { SearchResult, VisitResult } from '../../../src/agent/step-result';
import type { AgentAction, AgentStep, CitedAnswer } from '../../../src/agent/types';
import type { JsonValue } from '../../../src/store/json';
import type { SessionRecord } from '../../../src/store/records';

const T0 = Date.UTC(2025, 2, 14, 9, 30);

export function step(
  seq: number,
  action: AgentAction,
  observation: string | null,
  extra: Partial<AgentStep> = {},
): AgentStep {
  return {
    seq,
    status: 'done',
    raw: `<think>\nstep ${seq}\n</think>\n…`,
    think: `Thinking about step ${seq}.`,
    action,
    call: null,
    observation,
    result: null,
    notes: [],
    duplicateOf: null,
    sources: [],
    fold: { digestBefore: 0, dropBefore: 0 },
    folded: false,
    attempts: 1,
    startedAt: T0 + seq * 60_000,
    finishedAt: T0 + seq * 60_000 + 30_000,
    tokens: { prompt: 1000 + seq * 100, completion: 200, reply: 200, prefill: 100 },
    ...extra,
  };
}

/** A search step as a run records it: the results, and the text the model saw. */
export function searchStep(seq: number, searches: SearchResult[]): AgentStep {
  return step(
    seq,
    { kind: 'search', query: searches.map((s) => s.query) },
    formatSearchObservation(searches),
    {
      result: { tool: 'search', searches },
    },
  );
}

/** A visit step as a run records it: the pages, the text the model saw, and the pages read. */
export function visitStep(seq: number, goal: string, pages: VisitResult[]): AgentStep {
  return step(
    seq,
    { kind: 'visit', url: pages.map((p) => p.url), goal },
    formatVisitObservation(pages, goal),
    {
      result: { tool: 'visit', goal, pages },
      sources: pages.filter((p) => p.ok).map((p) => ({ url: p.url, title: p.title })),
    },
  );
}

/** The same steps as a build before structured results saved them: text and sources only. */
export function withoutResults(steps: readonly AgentStep[]): AgentStep[] {
  return steps.map((s) => ({ ...s, result: null }));
}

const ANSWER =
  'Water boils at 100 °C at sea level. At higher altitude it boils at a lower temperature. The moon is made of cheese.';

export const CITED: CitedAnswer = {
  sentences: [
    { text: 'Water boils at 100 °C at sea level. ', citations: [1], supported: true },
    { text: 'At higher altitude it boils at a lower temperature. ', citations: [1, 2], supported: true },
    { text: 'The moon is made of cheese.', citations: [], supported: false },
  ],
  sources: [
    { n: 1, url: 'https://en.wikipedia.org/wiki/Boiling_point', title: 'Boiling point - Wikipedia' },
    { n: 2, url: 'https://www.example.com/altitude', title: 'Cooking at [altitude]' },
  ],
};

export function sampleSteps(): AgentStep[] {
  return [
    searchStep(0, [
      {
        query: 'boiling point of water',
        hits: [
          {
            title: 'Boiling point - Wikipedia',
            url: 'https://en.wikipedia.org/wiki/Boiling_point',
            snippet: 'The boiling point…',
          },
          { title: '<script>alert(1)</script>', url: 'https://evil.example/x', snippet: 'x' },
        ],
      },
      { query: 'boiling point altitude', hits: [] },
    ]),
    visitStep(1, 'boiling point at sea level and altitude', [
      {
        url: 'https://en.wikipedia.org/wiki/Boiling_point',
        title: 'Boiling point - Wikipedia',
        ok: true,
        evidence: 'At sea level, water boils at 100 °C (212 °F).\n<img src=x onerror=alert(1)>',
        summary: 'Water boils at 100 °C at sea level.',
      },
      {
        url: 'https://www.example.com/altitude',
        title: 'Cooking at [altitude]',
        ok: true,
        evidence: 'Water boils at lower temperatures at altitude.',
        summary: 'Lower at altitude.',
      },
    ]),
    visitStep(2, 'anything else', [
      {
        url: 'https://other.example.org/page',
        title: 'Other page',
        ok: true,
        evidence: 'Unrelated.',
        summary: 'Unrelated.',
      },
    ]),
    step(3, { kind: 'answer', text: ANSWER }, null),
  ];
}

export function sampleSession(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: 's1',
    question: 'What is the boiling point of water?',
    origin: 'ask',
    status: 'done',
    createdAt: T0,
    updatedAt: T0 + 300_000,
    settings: {},
    answer: ANSWER,
    citations: CITED as unknown as JsonValue,
    ...overrides,
  };
}
