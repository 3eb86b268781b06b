import type { PromptTexts } from '../profiles/prompt-texts';
import { splitSentences } from '../text/sentences';
import { formatSearchObservation, pageTexts, toolResponseTurn, VISIT_SEPARATOR } from './observation-format';
import { pyJson } from './prompt';
import { readStepResult } from './read-step-result';
import type { SearchResult, StepResult } from './step-result';
import type { AgentStep, StepNote } from './types';

/**
 * Short forms of earlier turns used by a fold, in formats DR-Venus was trained on: a search keeps
 * its `web_page_info_list` JSON with fewer hits, a visit becomes the summary-only frame its SFT
 * data contains, and thinking is shortened but never emptied. Full observations stay in the store.
 */

/**
 * `trained`: the formats DR-Venus saw (above). `compact`: titles-and-URLs lists and plain summary
 * lines, about half the size, which folds less often; a measured alternative, not a trained format.
 */
export type DigestStyle = 'trained' | 'compact';

export interface DigestOptions {
  style: DigestStyle;
  /** Search results per query kept in a digest. */
  hitsPerQuery: number;
  texts: Pick<PromptTexts, 'pageFailedEvidence' | 'pageFailedSummary' | 'dropped'>;
  /** Whether a failed search shows its `error` key (see AgentSettings.searchErrorField). */
  searchErrorField: boolean;
}

const SUMMARY_CAP = 1200;
const SNIPPET_CAP = 100;
const OTHER_CAP = 300;
/** Thinking kept in a digest: its opening (what the model set out to do) and its close (the decision). */
const THINK_HEAD = 120;
const THINK_TAIL = 160;

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

function searchDigest(searches: readonly SearchResult[], opts: DigestOptions): string {
  const fewer = searches.map((r) => ({
    ...r,
    hits: r.hits.slice(0, opts.hitsPerQuery).map((h) => ({ ...h, snippet: cap(h.snippet, SNIPPET_CAP) })),
  }));
  return formatSearchObservation(fewer, { errorField: opts.searchErrorField });
}

/** `The useful information in {url} for user goal {goal} as follows: \n\nSummary: \n{summary}\n\n` */
export function summaryFrame(url: string, goal: string, summary: string): string {
  return `The useful information in ${url} for user goal ${goal} as follows: \n\nSummary: \n${summary}\n\n`;
}

/**
 * Built from the step's results; the words are those the frames carried (trimmed as a reader of
 * the text would see them), so a step read back from text digests the same way.
 */
export function digestObservation(step: AgentStep, opts: DigestOptions): string {
  const obs = step.observation ?? '';
  if (step.duplicateOf !== null) return `[Repeat of step ${step.duplicateOf + 1}; result omitted]`;
  const result = step.action.kind === 'search' || step.action.kind === 'visit' ? readStepResult(step) : null;
  if (opts.style === 'compact' && result) return compactDigest(result, opts);
  if (result?.tool === 'search') return searchDigest(result.searches, opts);
  if (result?.tool === 'visit' && result.pages.length) {
    return result.pages
      .map((page) => {
        const { evidence, summary } = pageTexts(page, opts.texts);
        return summaryFrame(
          page.url.trim(),
          result.goal,
          cap(summary.trim() || evidence.trim(), SUMMARY_CAP),
        );
      })
      .join(VISIT_SEPARATOR)
      .trimEnd();
  }
  if (step.action.kind === 'invalid') return '[Format error reported earlier]';
  return cap(obs, OTHER_CAP);
}

function compactDigest(result: StepResult, opts: DigestOptions): string {
  if (result.tool === 'search') {
    const lines = ['[Earlier search results, shortened to titles and URLs]'];
    for (const e of result.searches) {
      lines.push(`query: ${e.query}`);
      for (const h of e.hits.slice(0, opts.hitsPerQuery)) lines.push(`- ${h.title} | ${h.url}`);
    }
    return lines.join('\n');
  }
  const lines = ['[Earlier page visit, shortened to its summary]'];
  for (const page of result.pages) {
    const { evidence, summary } = pageTexts(page, opts.texts);
    lines.push(`${page.url.trim()}\nSummary: ${cap(summary.trim() || evidence.trim(), SUMMARY_CAP)}`);
  }
  return lines.join('\n');
}

/** The opening and closing sentences of a long thought, within THINK_HEAD + THINK_TAIL characters. */
export function shortenThinking(think: string, headChars = THINK_HEAD): string {
  const text = think.trim();
  if (text.length <= headChars + THINK_TAIL) return text;
  const sentences = splitSentences(text)
    .map((s) => s.trim())
    .filter(Boolean);
  let head = '';
  for (const s of sentences) {
    if (headChars === 0 || (head && head.length + s.length + 1 > headChars)) break;
    head = head ? `${head} ${s}` : s;
  }
  let tail = '';
  for (let i = sentences.length - 1; i >= 0; i--) {
    const s = sentences[i] ?? '';
    if (tail && tail.length + s.length + 1 > THINK_TAIL) break;
    if (head.endsWith(s)) break;
    tail = tail ? `${s} ${tail}` : s;
  }
  // One run-on sentence (or a CJK paragraph without stops) is cut by characters instead.
  head = cap(head, headChars);
  tail = tail.length > THINK_TAIL ? `…${tail.slice(tail.length - THINK_TAIL).trimStart()}` : tail;
  if (!head) return tail;
  return tail ? `${head} … ${tail}` : head;
}

/** The call itself stays, with its thinking shortened, so the model knows what it did and why. */
export function digestAssistant(step: AgentStep, style: DigestStyle = 'trained'): string {
  const call = step.call ? `<tool_call>\n${pyJson(step.call)}\n</tool_call>` : '[unreadable reply omitted]';
  const think = shortenThinking(step.think, style === 'compact' ? 0 : THINK_HEAD) || '…';
  return `<think>\n${think}\n</think>\n${call}`;
}

// A fold renders the conversation many times while it searches for a fit: digest each step once.
const memo = new WeakMap<AgentStep, { key: string; text: string }>();

export function digestUserTurn(step: AgentStep, opts: DigestOptions, extra: StepNote | null): string {
  const key = `${opts.style}|${opts.hitsPerQuery}|${opts.searchErrorField}|${extra?.text ?? ''}`;
  const hit = memo.get(step);
  if (hit && hit.key === key) return hit.text;
  const notes = step.notes.filter((n) => n.kind === 'steer');
  const text = toolResponseTurn(digestObservation(step, opts), extra ? [...notes, extra] : notes);
  if (step.status === 'done') memo.set(step, { key, text });
  return text;
}
