import * as v from 'valibot';
import { parseVisitFrames, toolResponseTurn } from './observation-format';
import { pyJson } from './prompt';
import type { AgentStep } from './types';

/** Short forms of earlier turns used by a fold. Full observations stay in the store. */

const SearchBody = v.array(
  v.looseObject({
    query: v.optional(v.string(), ''),
    web_page_info_list: v.optional(
      v.array(v.looseObject({ title: v.optional(v.string(), ''), url: v.optional(v.string(), '') })),
      [],
    ),
  }),
);

export interface SearchDigestEntry {
  query: string;
  hits: Array<{ title: string; url: string }>;
}

export function parseSearchBody(text: string): SearchDigestEntry[] | null {
  if (!text.startsWith('[')) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(SearchBody, json);
  if (!parsed.success) return null;
  return parsed.output.map((e) => ({ query: e.query, hits: e.web_page_info_list }));
}

const SUMMARY_CAP = 1200;
const OTHER_CAP = 300;

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export function digestObservation(step: AgentStep, hitsPerQuery: number): string {
  const obs = step.observation ?? '';
  if (step.duplicateOf !== null) return `[Repeat of step ${step.duplicateOf + 1}; result omitted]`;
  if (step.action.kind === 'search') {
    const entries = parseSearchBody(obs);
    if (entries) {
      const lines = ['[Earlier search results, shortened to titles and URLs]'];
      for (const e of entries) {
        lines.push(`query: ${e.query}`);
        for (const h of e.hits.slice(0, hitsPerQuery)) lines.push(`- ${h.title} | ${h.url}`);
      }
      return lines.join('\n');
    }
  }
  if (step.action.kind === 'visit') {
    const frames = parseVisitFrames(obs);
    if (frames.length) {
      const lines = ['[Earlier page visit, shortened to its summary]'];
      for (const f of frames) lines.push(`${f.url}\nSummary: ${cap(f.summary || f.evidence, SUMMARY_CAP)}`);
      return lines.join('\n');
    }
  }
  if (step.action.kind === 'invalid') return '[Format error reported earlier]';
  return cap(obs, OTHER_CAP);
}

/** Older thinking is dropped; the call itself stays so the model knows what it already did. */
export function digestAssistant(step: AgentStep): string {
  const call = step.call ? `<tool_call>\n${pyJson(step.call)}\n</tool_call>` : '[unreadable reply omitted]';
  return `<think>\n\n</think>\n\n${call}`;
}

// A fold renders the conversation many times while it searches for a fit: digest each step once.
const memo = new WeakMap<AgentStep, { hits: number; text: string }>();

export function digestUserTurn(step: AgentStep, hitsPerQuery: number): string {
  const hit = memo.get(step);
  if (hit && hit.hits === hitsPerQuery) return hit.text;
  const notes = step.notes.filter((n) => n.kind === 'steer');
  const text = toolResponseTurn(digestObservation(step, hitsPerQuery), notes);
  if (step.status === 'done') memo.set(step, { hits: hitsPerQuery, text });
  return text;
}
