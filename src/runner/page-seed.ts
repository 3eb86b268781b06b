import { formatVisitObservation } from '../agent/observation-format';
import type { VisitResult } from '../agent/step-result';
import type { AgentStep } from '../agent/types';
import { splitSentences } from '../text/sentences';

export interface SeedPage {
  url: string;
  title: string;
  evidence: string;
  summary: string;
  cut?: PageCut;
}

/**
 * "Research this page" starts from the page the user is on: it becomes the run's first step, a visit
 * whose observation is that page, so the model reads it before planning any search.
 */
export function seedStepFromPage(page: SeedPage, goal: string, at: number): AgentStep {
  return seedStepFromPages([page], goal, at, 'The user is reading this page; I will read it first.');
}

/** A first step that reads pages the user handed over (or an earlier answer cited), in the visit format. */
export function seedStepFromPages(
  pages: readonly SeedPage[],
  goal: string,
  at: number,
  think: string,
): AgentStep {
  const url = pages.map((p) => p.url);
  const call = { name: 'visit' as const, arguments: { url, goal } };
  const raw = `<think>\n${think}\n</think>\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>`;
  const read: VisitResult[] = pages.map((page) => ({
    url: page.url,
    title: page.title,
    ok: true,
    evidence: page.evidence,
    summary: page.summary,
    readAt: at,
    via: 'open-tab',
    ...(page.cut ? { cut: page.cut } : {}),
  }));
  const observation = formatVisitObservation(read, goal);
  return {
    seq: 0,
    status: 'done',
    raw,
    think,
    action: { kind: 'visit', url, goal },
    call,
    observation,
    result: { tool: 'visit', goal, pages: read },
    notes: [],
    duplicateOf: null,
    sources: pages.map((p) => ({ url: p.url, title: p.title })),
    fold: { digestBefore: 0, dropBefore: 0 },
    folded: false,
    attempts: 1,
    startedAt: at,
    finishedAt: at,
    tokens: { prompt: 0, completion: 0, reply: 0, prefill: 0 },
  };
}

/**
 * What the model has seen of the user's own data: pages read from the user's tabs (the page handed
 * over, its selection in the goal, and sites read with their sign-ins). Outgoing queries and URLs
 * must not carry it (src/security/private-text.ts); recomputed from the steps when a run resumes.
 */
export function privateTextOf(steps: readonly AgentStep[]): string[] {
  const out: string[] = [];
  for (const step of steps) {
    if (step.result?.tool !== 'visit') continue;
    const own = step.result.pages.filter((p) => p.ok && p.via === 'open-tab');
    if (own.length === 0) continue;
    out.push(step.result.goal);
    for (const p of own) out.push(p.title, p.evidence, p.summary);
  }
  return out;
}

/** How much of a page the model was given (from its start), when the window could not hold all of it. */
export type PageCut = NonNullable<VisitResult['cut']>;

type Count = (text: string) => number | Promise<number>;

/**
 * The page's text within `room` tokens: whole when it fits, else its start up to the last sentence
 * (a line break ends one, so a block too) that fits. Counted with the loop's own counter, so the
 * first request the loop builds around it fits the window too.
 */
export async function fitPageText(
  text: string,
  room: number,
  count: Count,
): Promise<{ text: string; cut?: PageCut }> {
  const total = text.length;
  if ((await count(text)) <= room) return { text };
  let lo = 0;
  let hi = total;
  // The largest prefix that fits; a count only grows with the text, so halving finds it.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((await count(text.slice(0, mid))) <= room) lo = mid;
    else hi = mid - 1;
  }
  const read = sentenceEnd(text.slice(0, lo)).trimEnd().length;
  return { text: text.slice(0, read), cut: { read, total } };
}

/** The text up to the end of its last whole sentence (its last word when it has only one). */
function sentenceEnd(prefix: string): string {
  const from = Math.max(0, prefix.length - 4000);
  const parts = splitSentences(prefix.slice(from));
  if (parts.length > 1) return prefix.slice(0, prefix.length - (parts.at(-1)?.length ?? 0));
  const space = prefix.search(/\s\S*$/);
  return space > 0 ? prefix.slice(0, space) : prefix;
}

/**
 * What the model is told in place of a summary: the evidence above is the whole page, or where
 * it stops and what was left out.
 */
export function pageSeedSummary(text: string, cut: PageCut | undefined): string {
  if (!cut) return 'The evidence above is the whole page.';
  const rest = text.slice(cut.read).trim().replace(/\s+/g, ' ').slice(0, 80);
  return `The page is too long for the context window: the evidence above is its first ${cut.read} of ${cut.total} characters. The rest, from "${rest}…", was left out.`;
}
