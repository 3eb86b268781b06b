/**
 * Evidence for one visited page without a model: passages ranked by BM25 against the visit goal and
 * the research question, plus a goal-focused extractive summary (evidence-summary.ts). Keeps the main conversation's KV cache
 * intact, which a second model conversation would evict (ARCHITECTURE §5).
 */

import { markdownToReadableText } from '../../../extract/words';
import { leadSentences } from '../../../text/sentences';
import { type Passage, splitPassages } from './passages';
import { rankPassages } from './rank';
import { estimateTokens, selectEvidence, type TokenCounter } from './select';
import { goalSummary } from './summary';

export { estimateTokens, type TokenCounter } from './select';

export interface EvidenceInput {
  markdown: string;
  goal: string;
  /** The user's research question; ranks alongside the goal. */
  question?: string;
  /** The page's lead or meta description (ExtractedPage.excerpt), used to open the summary. */
  excerpt?: string | null;
}

export interface EvidenceOptions {
  /** Token budget of the evidence slot for this page (default 800). */
  evidenceTokens?: number;
  /** Token budget of the summary (default 150). */
  summaryTokens?: number;
  countTokens?: TokenCounter;
}

export interface PageEvidence {
  evidence: string;
  summary: string;
  /** Document indices of the passages used, for display and debugging. */
  passageIndices: number[];
}

function fitSummary(parts: string[], budget: number, count: TokenCounter): string {
  let text = '';
  for (const part of parts) {
    if (!part) continue;
    const next = text ? `${text} ${part}` : part;
    if (count(next) > budget) break;
    text = next;
  }
  return text;
}

export function buildEvidence(input: EvidenceInput, opts: EvidenceOptions = {}): PageEvidence {
  const count = opts.countTokens ?? estimateTokens;
  const evidenceTokens = opts.evidenceTokens ?? 800;
  const summaryTokens = opts.summaryTokens ?? 150;
  const passages = splitPassages(input.markdown);
  const query = `${input.goal}\n${input.question ?? ''}`;
  const ranked = rankPassages(passages, query);
  const { text, chosen } = selectEvidence(ranked, passages, evidenceTokens, count);

  // The summary answers the goal where the page does: its best-matching sentences, best first.
  // A page where nothing matches gets its lead, since a page chosen for a goal usually opens with
  // its point.
  const focused = goalSummary(passages, query, summaryTokens, count);
  const first: Passage | undefined = passages[0];
  const leadSource = input.excerpt?.trim() || (first ? markdownToReadableText(first.text) : '');
  const summary =
    focused ||
    fitSummary([leadSentences(leadSource, 2, summaryTokens * 3)], summaryTokens, count) ||
    leadSentences(leadSource, 1, summaryTokens * 2);

  return {
    evidence: text || 'The page has no readable text.',
    summary: summary || 'The page has no readable text.',
    passageIndices: chosen.map((p) => p.index),
  };
}
