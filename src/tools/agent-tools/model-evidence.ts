import type { ChatEngine } from '../../llm/engine';
import { buildExtractorPrompt, parseExtractorOutput } from '../browse/evidence-extractor';

export interface Evidence {
  evidence: string;
  summary: string;
}

/**
 * Model-written evidence from a separate extractor (a server engine): the main model's KV cache is
 * untouched, and any reply that does not parse — or a failing server — falls back to ranked
 * passages, so a visit never fails because of the extractor.
 */
export function createModelEvidence(deps: {
  engine: ChatEngine;
  /** Passage ranking without a model: the fallback. */
  rank(markdown: string, goal: string, question: string): Evidence;
  /** Page text handed to the extractor is cut to this many characters. */
  maxPageChars: number;
  maxTokens?: number;
}) {
  return async (markdown: string, goal: string, question: string, signal: AbortSignal): Promise<Evidence> => {
    const page =
      markdown.length > deps.maxPageChars ? `${markdown.slice(0, deps.maxPageChars)}\n\n[…]` : markdown;
    try {
      const reply = await deps.engine.chat(
        [{ role: 'user', content: buildExtractorPrompt(page, `${goal}\n(Research question: ${question})`) }],
        { maxTokens: deps.maxTokens ?? 1024, temperature: 0.2, signal },
      );
      const out = parseExtractorOutput(reply.text);
      if (out && (out.evidence.trim() || out.summary.trim())) {
        return {
          evidence: out.evidence.trim() || '(The extractor found nothing relevant.)',
          summary: out.summary.trim(),
        };
      }
    } catch (err) {
      if (signal.aborted) throw err;
    }
    return deps.rank(markdown, goal, question);
  };
}
