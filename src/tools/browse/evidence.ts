/**
 * Evidence for one visited page without a model: passages ranked by BM25 against the visit goal and
 * the research question, plus a short extractive summary. Keeps the main conversation's KV cache
 * intact, which a second model conversation would evict (ARCHITECTURE §5).
 */

import { markdownToReadableText } from '../../extract/words';
import { type Passage, splitPassages } from './evidence-passages';
import { rankPassages } from './evidence-rank';
import { estimateTokens, selectEvidence, type TokenCounter } from './evidence-select';
import { leadSentences } from './evidence-sentences';

export { estimateTokens, type TokenCounter } from './evidence-select';

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
  const ranked = rankPassages(passages, `${input.goal}\n${input.question ?? ''}`);
  const { text, chosen } = selectEvidence(ranked, passages, evidenceTokens, count);

  const first: Passage | undefined = passages[0];
  const top = ranked[0]?.passage;
  const leadSource = input.excerpt?.trim() || (first ? markdownToReadableText(first.text) : '');
  const lead = leadSentences(leadSource, 2, summaryTokens * 3);
  const topLead =
    top && top !== first ? leadSentences(markdownToReadableText(top.text), 2, summaryTokens * 3) : '';
  const summary =
    fitSummary([lead, topLead && !lead.includes(topLead) ? topLead : ''], summaryTokens, count) ||
    leadSentences(leadSource, 1, summaryTokens * 2);

  return {
    evidence: text || 'The page has no readable text.',
    summary: summary || 'The page has no readable text.',
    passageIndices: chosen.map((p) => p.index),
  };
}
