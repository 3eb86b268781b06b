import type { AgentStep } from '../agent/types';
import type { RunError } from '../errors/run-error';
import { markdownToReadableText } from '../extract/words';
import { escapeMarkdownText } from '../security/markdown-escape';
import { escapeHtml, mdLink, oneLine, quote } from './markdown-text';
import { type SearchGroup, searchGroupsOf, visitEvidenceOf } from './observation';

const HITS_PER_QUERY = 5;

function summaryLine(step: AgentStep): string {
  const n = step.seq + 1;
  const a = step.action;
  switch (a.kind) {
    case 'search':
      return `Step ${n} · Search: ${a.query.map(oneLine).join('; ')}`;
    case 'visit':
      return `Step ${n} · Visit: ${a.url.join(', ')}`;
    case 'answer':
      return `Step ${n} · Answer`;
    case 'invalid':
      return `Step ${n} · Unreadable reply (${a.reason})`;
  }
}

/**
 * Words an error from its code, in the reader's language. The export has no words of its own for
 * errors: the panel hands in the ones it shows (src/ui/errors/).
 */
export type WordError = (e: RunError) => string;

/** A failed query's reason: worded from its code when it has one and a wording is given. */
function searchError(g: SearchGroup, wordError: WordError | undefined): string | undefined {
  return g.errorInfo && wordError ? wordError(g.errorInfo) : g.error;
}

function body(step: AgentStep, wordError: WordError | undefined): string {
  const a = step.action;
  if (a.kind === 'search') {
    const groups = searchGroupsOf(step);
    if (groups.length === 0) return '_No results recorded._';
    return groups
      .map((g) => {
        const hits = g.hits.slice(0, HITS_PER_QUERY).map((h) => `- ${mdLink(h.title, h.url)}`);
        const head = `**${escapeMarkdownText(oneLine(g.query))}**`;
        const error = searchError(g, wordError);
        const rest = error
          ? [`- _${escapeMarkdownText(oneLine(error))}_`]
          : hits.length
            ? hits
            : ['- _No results._'];
        return [head, '', ...rest].join('\n');
      })
      .join('\n\n');
  }
  if (a.kind === 'visit') {
    const frames = visitEvidenceOf(step);
    const goal = `Goal: ${escapeMarkdownText(oneLine(a.goal))}`;
    if (frames.length === 0) return `${goal}\n\n_No evidence recorded._`;
    const pages = frames.map((f) => {
      const evidence = f.evidence.trim() || f.summary.trim() || 'No evidence.';
      // Page text is shown as prose, as on the evidence cards: a passage cut inside the page's `**bold**`
      // would otherwise leave its marks (escaped or not) in the quote. What is left stays text.
      const prose = markdownToReadableText(evidence) || evidence;
      return `${mdLink(f.domain || f.url, f.url)}\n\n${quote(escapeMarkdownText(prose))}`;
    });
    return [goal, ...pages].join('\n\n');
  }
  if (a.kind === 'answer') return '_The model wrote its answer._';
  return `_${escapeMarkdownText(a.message)}_`;
}

/** One collapsible section per step: its query or pages, with the evidence taken. */
export function trailToMarkdown(steps: readonly AgentStep[], wordError?: WordError): string {
  const sections = steps.map(
    (s) =>
      `<details>\n<summary>${escapeHtml(summaryLine(s))}</summary>\n\n${body(s, wordError)}\n\n</details>`,
  );
  return ['## Research trail', '', ...sections.flatMap((s) => [s, ''])].join('\n').trimEnd();
}
