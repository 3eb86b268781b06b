import type { SearchResult, VisitResult } from './deps';
import { pyJson } from './prompt';
import type { StepNote } from './types';

/** Observation text in the exact DR-Venus formats, so the model sees what it was trained on. */

export function formatSearchObservation(results: readonly SearchResult[]): string {
  const list = results.map((r) => {
    const hits = r.hits.map((h) => {
      const hit: Record<string, string> = { title: h.title, url: h.url, snippet: h.snippet };
      if (h.date) hit.date = h.date;
      return hit;
    });
    const entry: Record<string, unknown> = { query: r.query, web_page_info_list: hits };
    if (r.error) entry.error = r.error;
    return entry;
  });
  return pyJson(list);
}

export function visitFrame(url: string, goal: string, evidence: string, summary: string): string {
  return `The useful information in ${url} for user goal ${goal} as follows: \n\nEvidence in page: \n${evidence}\n\nSummary: \n${summary}\n\n`;
}

export const VISIT_SEPARATOR = '\n=======\n';

export function formatVisitObservation(results: readonly VisitResult[], goal: string): string {
  return results
    .map((r) => {
      if (r.ok) return visitFrame(r.url, goal, r.evidence, r.summary);
      const reason = r.reason?.trim() || 'the page could not be read';
      return visitFrame(r.url, goal, `The page could not be read: ${reason}.`, `No information: ${reason}.`);
    })
    .join(VISIT_SEPARATOR);
}

/** The user turn carrying a tool result; notes (steer, forced answer, duplicate) follow the body. */
export function toolResponseTurn(observation: string, notes: readonly StepNote[]): string {
  const tail = notes.map((n) => `\n\n${n.text}`).join('');
  return `<tool_response>\n${observation}${tail}\n</tool_response>`;
}

export interface VisitFrame {
  url: string;
  goal: string;
  evidence: string;
  summary: string;
}

const FRAME_HEAD = 'The useful information in ';

/** Reads visit frames back out of observation text (recorded trajectories carry only text). */
export function parseVisitFrames(observation: string): VisitFrame[] {
  const frames: VisitFrame[] = [];
  for (const chunk of observation.split(VISIT_SEPARATOR)) {
    const start = chunk.indexOf(FRAME_HEAD);
    if (start < 0) continue;
    const body = chunk.slice(start + FRAME_HEAD.length);
    const forGoal = body.indexOf(' for user goal ');
    const asFollows = body.indexOf(' as follows: \n');
    if (forGoal < 0 || asFollows < forGoal) continue;
    const url = body.slice(0, forGoal).trim();
    const goal = body.slice(forGoal + 15, asFollows);
    const content = body.slice(asFollows + 14);
    const evAt = content.indexOf('Evidence in page: \n');
    const sumAt = content.lastIndexOf('Summary: \n');
    const evidence = evAt >= 0 ? content.slice(evAt + 19, sumAt > evAt ? sumAt : undefined).trim() : '';
    const summary = sumAt >= 0 ? content.slice(sumAt + 10).trim() : evAt < 0 ? content.trim() : '';
    frames.push({ url, goal, evidence, summary });
  }
  return frames;
}
