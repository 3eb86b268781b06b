import type { AgentStep, CitedAnswer } from '../agent/types';
import { escapeMarkdownText, safeAnswerMarkdown } from '../security/markdown-escape';
import { pageKey } from '../security/normalize-url';
import type { SessionRecord } from '../store/records';
import { isWebUrl } from './domain';
import { isoDate, mdLink, oneLine } from './markdown-text';
import { nestHeadings } from './nest-headings';
import { readCitedAnswer } from './records';
import { trailToMarkdown, type WordError } from './trail-markdown';

export interface MarkdownOptions {
  /** Append every step (query or page, with its evidence) in collapsible sections. */
  trail: boolean;
  /** Words an error from its code in the reader's language; without it, the English recorded. */
  wordError?: WordError;
}

/** The answer the session finished with, or the answer step of a run that has not been patched yet. */
export function answerOf(session: SessionRecord, steps: readonly AgentStep[]): string | null {
  if (session.answer?.trim()) return session.answer;
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const a = steps[i]?.action;
    if (a?.kind === 'answer') return a.text;
  }
  return null;
}

export interface PageRead {
  url: string;
  title: string;
  at: number;
}

/** Every page read, first read first, keyed by `pageKey`: when its reader read it, else when its step finished. */
export function pagesRead(steps: readonly AgentStep[]): Map<string, PageRead> {
  const read = new Map<string, PageRead>();
  for (const s of steps) {
    const readAt = new Map<string, number>();
    if (s.result?.tool === 'visit') {
      for (const p of s.result.pages) if (p.ok && p.readAt !== undefined) readAt.set(p.url, p.readAt);
    }
    for (const src of s.sources) {
      const key = pageKey(src.url);
      if (read.has(key)) continue;
      read.set(key, {
        url: src.url,
        title: src.title,
        at: readAt.get(src.url) ?? s.finishedAt ?? s.startedAt,
      });
    }
  }
  return read;
}

const UNSUPPORTED = '_(no source)_';

const BLOCK_START = /^(\s*(?:#{1,6}\s|[-*+]\s+|\d+[.)]\s+|>\s*)*)/;

function citedMarkdown(cited: CitedAnswer): string {
  const urls = new Map(cited.sources.map((s) => [s.n, s.url]));
  return cited.sentences
    .map((s) => {
      const body = s.text.trimEnd();
      const tail = s.text.slice(body.length);
      // Headings and list labels claim nothing: never a citation, never "(no source)".
      if (s.heading || !body.replace(BLOCK_START, '').trim()) return s.text;
      // Honest about sources: a claim no page read supports says so where it stands.
      if (s.citations.length === 0) return s.supported ? s.text : `${body} ${UNSUPPORTED}${tail}`;
      const marks = s.citations.map((n) => {
        const url = urls.get(n);
        return url && isWebUrl(url) ? `[[${n}]](${url})` : `[${n}]`;
      });
      return `${body} ${marks.join('')}${tail}`;
    })
    .join('');
}

function sourcesSection(cited: CitedAnswer | null, steps: readonly AgentStep[]): string[] {
  const read = pagesRead(steps);
  const when = (url: string) => {
    const at = read.get(pageKey(url))?.at;
    return at === undefined ? '' : ` — read ${isoDate(at)}`;
  };
  const lines: string[] = [];
  const citedKeys = new Set<string>();
  if (cited && cited.sources.length > 0) {
    lines.push('## Sources', '');
    for (const s of [...cited.sources].sort((a, b) => a.n - b.n)) {
      citedKeys.add(pageKey(s.url));
      lines.push(`${s.n}. ${mdLink(s.title || s.url, s.url)}${when(s.url)}`);
    }
    lines.push('');
  }
  const others = [...read].filter(([key]) => !citedKeys.has(key)).map(([, page]) => page);
  if (others.length > 0) {
    lines.push(citedKeys.size > 0 ? '### Other pages read' : '## Pages read', '');
    for (const p of others) lines.push(`- ${mdLink(p.title || p.url, p.url)}${when(p.url)}`);
    lines.push('');
  }
  return lines;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A self-contained markdown report of a session: question, cited answer, sources, optional trail. */
export function sessionToMarkdown(
  session: SessionRecord,
  steps: readonly AgentStep[],
  options: MarkdownOptions,
): string {
  const cited = readCitedAnswer(session.citations);
  const answer = answerOf(session, steps);
  const searches = steps.filter((s) => s.action.kind === 'search').length;
  const pages = pagesRead(steps).size;
  const read = pagesRead(steps);
  // The answer keeps its markdown but runs and loads nothing; links to pages not read become text.
  const safe = (md: string) =>
    nestHeadings(safeAnswerMarkdown(md, { isRead: (url) => read.has(pageKey(url)) }));
  const lines: string[] = [
    `# ${escapeMarkdownText(oneLine(session.question)) || 'Untitled question'}`,
    '',
    `_Researched with Sleuth on ${isoDate(session.createdAt)} · ${count(steps.length, 'step')} · ${count(searches, 'search', 'searches')} · ${count(pages, 'page')} read_`,
    '',
  ];
  if (session.originUrl) {
    lines.push(`Started from ${mdLink(session.originTitle || session.originUrl, session.originUrl)}`, '');
  }
  lines.push('## Answer', '');
  if (cited && cited.sentences.length > 0) {
    lines.push(safe(citedMarkdown(cited).trim()), '');
    if (cited.sentences.some((x) => !x.supported && x.text.trim())) {
      lines.push(`${UNSUPPORTED} marks sentences that no page Sleuth read supports.`, '');
    }
  } else lines.push(answer?.trim() ? safe(answer.trim()) : '_No answer yet._', '');
  lines.push(...sourcesSection(cited, steps));
  if (options.trail && steps.length > 0) lines.push(trailToMarkdown(steps, options.wordError), '');
  return `${lines.join('\n').trimEnd()}\n`;
}
