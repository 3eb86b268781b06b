import { collectReadPages } from '../agent/read-pages';
import type { AgentStep } from '../agent/types';
import { readCitedAnswer } from '../export/records';
import type { SessionRecord } from '../store/records';
import { seedStepFromPages } from './page-seed';

const MAX_PAGES = 6;
const MAX_ANSWER_CHARS = 4000;
const MAX_PAGE_CHARS = 3000;

export interface FollowUpStart {
  /** What the model is asked: the follow-up with the earlier question and answer for context. */
  modelQuestion: string;
  /** The earlier run's sources, read again as this run's first step (cited ones first). */
  seed: AgentStep | null;
  seedUrls: string[];
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n).trimEnd()}…` : s);

/**
 * A follow-up question in the same thread: the new run's context holds the earlier answer and the
 * pages it was built from, so "and what about X?" can lean on what was already found.
 */
export function followUpStart(
  question: string,
  earlier: SessionRecord,
  earlierSteps: readonly AgentStep[],
  at: number,
): FollowUpStart {
  const read = collectReadPages(earlierSteps);
  const cited = new Set((readCitedAnswer(earlier.citations)?.sources ?? []).map((s) => s.url));
  const pages = [...read.filter((p) => cited.has(p.url)), ...read.filter((p) => !cited.has(p.url))].slice(
    0,
    MAX_PAGES,
  );
  const answer = earlier.answer?.trim() ?? '';
  const modelQuestion = [
    question,
    '',
    'This question follows an earlier one in the same conversation.',
    `Earlier question: ${clip(earlier.question.trim(), 1000)}`,
    answer ? `Earlier answer: ${clip(answer, MAX_ANSWER_CHARS)}` : 'The earlier question was not answered.',
  ].join('\n');
  const seed =
    pages.length === 0
      ? null
      : seedStepFromPages(
          pages.map((p) => ({
            url: p.url,
            title: p.title,
            evidence: clip(p.text, MAX_PAGE_CHARS),
            summary: '',
          })),
          question,
          at,
          'This follows my earlier answer; I will look again at the pages it came from.',
        );
  return { modelQuestion, seed, seedUrls: pages.map((p) => p.url) };
}
