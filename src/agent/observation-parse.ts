import * as v from 'valibot';
import { VISIT_SEPARATOR } from './observation-format';
import type { SearchHit, SearchResult } from './step-result';

/**
 * Reads tool results back out of observation text. Only for steps that carry no structure:
 * imported DR-Venus trajectories, replayed fixtures and steps saved by builds before structured
 * results. Page text can imitate these frames, so nothing built by Sleuth itself goes through here.
 */

export interface VisitFrame {
  url: string;
  goal: string;
  evidence: string;
  summary: string;
}

const FRAME_HEAD = 'The useful information in ';
const FOR_GOAL = ' for user goal ';
const AS_FOLLOWS = ' as follows: \n';
const EVIDENCE_HEAD = 'Evidence in page: \n';
const SUMMARY_HEAD = 'Summary: \n';

export function parseVisitFrames(observation: string): VisitFrame[] {
  const frames: VisitFrame[] = [];
  for (const chunk of observation.split(VISIT_SEPARATOR)) {
    const start = chunk.indexOf(FRAME_HEAD);
    if (start < 0) continue;
    const body = chunk.slice(start + FRAME_HEAD.length);
    const forGoal = body.indexOf(FOR_GOAL);
    const asFollows = body.indexOf(AS_FOLLOWS);
    if (forGoal < 0 || asFollows < forGoal) continue;
    const url = body.slice(0, forGoal).trim();
    const goal = body.slice(forGoal + FOR_GOAL.length, asFollows);
    const content = body.slice(asFollows + AS_FOLLOWS.length);
    const evAt = content.indexOf(EVIDENCE_HEAD);
    const sumAt = content.lastIndexOf(SUMMARY_HEAD);
    const evidence =
      evAt >= 0 ? content.slice(evAt + EVIDENCE_HEAD.length, sumAt > evAt ? sumAt : undefined).trim() : '';
    const summary =
      sumAt >= 0 ? content.slice(sumAt + SUMMARY_HEAD.length).trim() : evAt < 0 ? content.trim() : '';
    frames.push({ url, goal, evidence, summary });
  }
  return frames;
}

const hitSchema = v.looseObject({
  title: v.optional(v.string(), ''),
  url: v.string(),
  snippet: v.optional(v.string(), ''),
  date: v.optional(v.string()),
});

const groupSchema = v.looseObject({
  query: v.optional(v.string(), ''),
  web_page_info_list: v.optional(v.array(v.unknown()), []),
  error: v.optional(v.string()),
});

/**
 * The `web_page_info_list` JSON of a search observation, or null when the text is not such a list.
 * Recorded text may be anything, so a malformed group or hit is skipped rather than failing all.
 */
export function parseSearchText(text: string): SearchResult[] | null {
  if (!text.trimStart().startsWith('[')) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const results: SearchResult[] = [];
  for (const item of data) {
    const group = v.safeParse(groupSchema, item);
    if (!group.success) continue;
    const hits: SearchHit[] = [];
    for (const raw of group.output.web_page_info_list) {
      const hit = v.safeParse(hitSchema, raw);
      if (!hit.success) continue;
      const { title, url, snippet, date } = hit.output;
      hits.push({ title, url, snippet, ...(date !== undefined ? { date } : {}) });
    }
    results.push({
      query: group.output.query,
      hits,
      ...(group.output.error !== undefined ? { error: group.output.error } : {}),
    });
  }
  return results;
}
