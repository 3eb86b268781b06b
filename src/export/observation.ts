import * as v from 'valibot';
import { parseVisitFrames } from '../agent/observation-format';
import { domainOf } from './domain';

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  domain: string;
  date?: string;
}

export interface SearchGroup {
  query: string;
  hits: SearchHit[];
  error?: string;
}

export interface VisitEvidence {
  url: string;
  domain: string;
  goal: string;
  evidence: string;
  summary: string;
}

const hitSchema = v.object({
  title: v.optional(v.string(), ''),
  url: v.string(),
  snippet: v.optional(v.string(), ''),
  date: v.optional(v.string()),
});

const groupSchema = v.object({
  query: v.optional(v.string(), ''),
  web_page_info_list: v.optional(v.array(v.unknown()), []),
  error: v.optional(v.string()),
});

/**
 * Search observations are JSON the runner wrote, but recorded or imported ones may be anything, so a
 * malformed group or hit is skipped instead of failing the whole card.
 */
export function parseSearchObservation(text: string | null): SearchGroup[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const groups: SearchGroup[] = [];
  for (const item of data) {
    const group = v.safeParse(groupSchema, item);
    if (!group.success) continue;
    const hits: SearchHit[] = [];
    for (const raw of group.output.web_page_info_list) {
      const hit = v.safeParse(hitSchema, raw);
      if (!hit.success) continue;
      const { title, url, snippet, date } = hit.output;
      hits.push({ title: title || url, url, snippet, domain: domainOf(url), ...(date ? { date } : {}) });
    }
    groups.push({
      query: group.output.query,
      hits,
      ...(group.output.error ? { error: group.output.error } : {}),
    });
  }
  return groups;
}

/** The evidence each visited page gave, read back from the DR-Venus visit frame text. */
export function parseVisitObservation(text: string | null): VisitEvidence[] {
  if (!text) return [];
  return parseVisitFrames(text).map((f) => ({ ...f, domain: domainOf(f.url) }));
}
