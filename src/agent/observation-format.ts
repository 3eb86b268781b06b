import { DEFAULT_TEXTS, fillText, type PromptTexts } from '../profiles/prompt-texts';
import { pyJson } from './prompt';
import type { SearchResult, VisitResult } from './step-result';
import type { StepNote } from './types';

/** Observation text in the exact DR-Venus formats, so the model sees what it was trained on. */

/**
 * `errorField`: a failed query carries an `error` key beside its empty list. DR-Venus saw only the
 * empty list, so its profile leaves the key out.
 */
export function formatSearchObservation(
  results: readonly SearchResult[],
  opts: { errorField?: boolean } = {},
): string {
  const list = results.map((r) => {
    const hits = r.hits.map((h) => {
      const hit: Record<string, string> = { title: h.title, url: h.url, snippet: h.snippet };
      if (h.date) hit.date = h.date;
      return hit;
    });
    const entry: Record<string, unknown> = { query: r.query, web_page_info_list: hits };
    if (r.error && opts.errorField !== false) entry.error = r.error;
    return entry;
  });
  return pyJson(list);
}

export function visitFrame(url: string, goal: string, evidence: string, summary: string): string {
  return `The useful information in ${url} for user goal ${goal} as follows: \n\nEvidence in page: \n${evidence}\n\nSummary: \n${summary}\n\n`;
}

export const VISIT_SEPARATOR = '\n=======\n';

export type FailureTexts = Pick<PromptTexts, 'pageFailedEvidence' | 'pageFailedSummary'>;

/** What a page's frame carries: the evidence taken from it, or why it could not be read. */
function frameTexts(r: VisitResult, texts: FailureTexts): { evidence: string; summary: string } {
  if (r.ok) return { evidence: r.evidence, summary: r.summary };
  const reason = r.reason?.trim() || 'the page could not be read';
  return {
    evidence: fillText(texts.pageFailedEvidence, { reason }),
    summary: fillText(texts.pageFailedSummary, { reason }),
  };
}

/**
 * The evidence and summary to show for a page: the words its frame gave the model. A failed page
 * read back from recorded text has no reason, only the recorded words, and keeps them.
 */
export function pageTexts(
  r: VisitResult,
  texts: FailureTexts = DEFAULT_TEXTS,
): { evidence: string; summary: string } {
  if (!r.ok && r.reason === undefined) return { evidence: r.evidence, summary: r.summary };
  return frameTexts(r, texts);
}

export function formatVisitObservation(
  results: readonly VisitResult[],
  goal: string,
  texts: FailureTexts = DEFAULT_TEXTS,
): string {
  return results
    .map((r) => {
      const { evidence, summary } = frameTexts(r, texts);
      return visitFrame(r.url, goal, evidence, summary);
    })
    .join(VISIT_SEPARATOR);
}

/** The user turn carrying a tool result; notes (steer, forced answer, duplicate) follow the body. */
export function toolResponseTurn(observation: string, notes: readonly StepNote[]): string {
  const tail = notes.map((n) => `\n\n${n.text}`).join('');
  return `<tool_response>\n${observation}${tail}\n</tool_response>`;
}
