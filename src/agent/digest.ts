import { pageTexts, toolResponseTurn } from './observation-format';
import { pyJson } from './prompt';
import { readStepResult } from './read-step-result';
import type { AgentStep } from './types';

/** Short forms of earlier turns used by a fold. Full observations stay in the store. */

const SUMMARY_CAP = 1200;
const OTHER_CAP = 300;

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/**
 * Built from the step's results; the words are those the frames carried (trimmed as a reader of
 * the text would see them), so a step read back from text digests the same way.
 */
export function digestObservation(step: AgentStep, hitsPerQuery: number): string {
  const obs = step.observation ?? '';
  if (step.duplicateOf !== null) return `[Repeat of step ${step.duplicateOf + 1}; result omitted]`;
  const result = step.action.kind === 'search' || step.action.kind === 'visit' ? readStepResult(step) : null;
  if (result?.tool === 'search') {
    const lines = ['[Earlier search results, shortened to titles and URLs]'];
    for (const e of result.searches) {
      lines.push(`query: ${e.query}`);
      for (const h of e.hits.slice(0, hitsPerQuery)) lines.push(`- ${h.title} | ${h.url}`);
    }
    return lines.join('\n');
  }
  if (result?.tool === 'visit' && result.pages.length) {
    const lines = ['[Earlier page visit, shortened to its summary]'];
    for (const page of result.pages) {
      const { evidence, summary } = pageTexts(page);
      lines.push(`${page.url.trim()}\nSummary: ${cap(summary.trim() || evidence.trim(), SUMMARY_CAP)}`);
    }
    return lines.join('\n');
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
