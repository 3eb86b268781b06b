import type { ChatEngine } from '../../llm/engine';
import { estimateTokens } from '../../llm/token-estimate';
import { DEFAULT_TEXTS, fillText } from '../../profiles/prompt-texts';
import { parseExtractorOutput } from '../browse/evidence/extractor';

export interface Evidence {
  evidence: string;
  summary: string;
  /** Set when the model's evidence could not be used and ranked passages stand in (shown in the step). */
  note?: string;
}

/** The prompt around the page (instructions, goal, question), generously counted. */
const PROMPT_TOKENS = 800;

/**
 * The reply's room: the evidence is quoted passages, often several paragraphs, and a JSON object
 * cut at `max_tokens` cannot be parsed at all, so it gets a quarter of the window (2K–8K tokens).
 */
export function outputBudget(window: number): number {
  return Math.max(2048, Math.min(8192, Math.floor(window / 4)));
}

/** Page tokens the extractor can read: its window less the prompt and the reply's room. */
export function pageBudget(window: number): number {
  return Math.max(1000, window - outputBudget(window) - PROMPT_TOKENS);
}

/** The page cut to about `tokens` (the conservative estimate), marked where it was cut. */
export function cutPage(markdown: string, tokens: number): string {
  if (estimateTokens(markdown) <= tokens) return markdown;
  let lo = 0;
  let hi = markdown.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(markdown.slice(0, mid)) <= tokens) lo = mid;
    else hi = mid - 1;
  }
  return `${markdown.slice(0, lo)}\n\n[…]`;
}

/**
 * The extractor's prompt from a prompt text (a profile's, or one the user pasted) with `{page}` and
 * `{goal}` filled in. A pasted text that lacks one gets it appended as a section of its own, so the
 * page and the goal always reach the model.
 */
export function extractorPromptFrom(text: string): (page: string, goal: string) => string {
  const full = [
    text.trimEnd(),
    ...(text.includes('{page}') ? [] : ['## Page\n{page}']),
    ...(text.includes('{goal}') ? [] : ['## Goal\n{goal}']),
  ].join('\n\n');
  return (page, goal) => fillText(full, { page, goal });
}

/**
 * Model-written evidence from a server model (a separate extractor, or the main model on a server,
 * whose KV cache a second conversation does not disturb). The page fills what the extractor's
 * window holds. A reply cut at its token limit or that does not parse is asked for once more on
 * half the page; if that fails too, or the server does, ranked passages stand in and the step says
 * so — a visit never fails because of the extractor.
 */
export function createModelEvidence(deps: {
  engine: ChatEngine;
  /** Passage ranking without a model: the fallback. */
  rank(markdown: string, goal: string, question: string): Evidence;
  /** The extractor's context window; the engine's own when it reports one. */
  window?: number;
  temperature?: number;
  /** The prompt text around page and goal (`{page}`, `{goal}`: the profile's `extractor` text or a pasted one); ours when absent. */
  prompt?: string;
}) {
  const prompt = extractorPromptFrom(deps.prompt?.trim() ? deps.prompt : DEFAULT_TEXTS.extractor);
  const window = deps.engine.info().contextWindow || deps.window || 32_768;
  const maxTokens = outputBudget(window);
  return async (markdown: string, goal: string, question: string, signal: AbortSignal): Promise<Evidence> => {
    let page = cutPage(markdown, pageBudget(window));
    let problem = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) page = cutPage(page, Math.floor(estimateTokens(page) / 2));
      try {
        const reply = await deps.engine.chat(
          [
            {
              role: 'user',
              content: prompt(page, `${goal}\n(Research question: ${question})`),
            },
          ],
          { maxTokens, temperature: deps.temperature ?? 0.2, signal },
        );
        const out = reply.finishReason === 'length' ? null : parseExtractorOutput(reply.text);
        if (out && (out.evidence.trim() || out.summary.trim())) {
          return {
            evidence: out.evidence.trim() || '(The extractor found nothing relevant.)',
            summary: out.summary.trim(),
          };
        }
        problem =
          reply.finishReason === 'length'
            ? `its reply was cut off at ${maxTokens} tokens`
            : 'its reply was not the JSON asked for';
      } catch (err) {
        if (signal.aborted) throw err;
        problem = `it failed: ${err instanceof Error ? err.message : String(err)}`;
        break;
      }
    }
    const ranked = deps.rank(markdown, goal, question);
    return {
      ...ranked,
      note: `The summary model could not be used (${problem}); passages ranked for the goal stand in.`,
    };
  };
}
