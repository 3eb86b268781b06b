import type { ResearchIntent } from '../../router/research-intent';
import type { Translate } from '../shared/translate';

export interface PageContext {
  url: string;
  title: string;
  markdown: string;
  selection?: string;
}

/** What the question box holds before a run starts. */
export interface Draft {
  question: string;
  origin: 'ask' | 'page' | 'selection';
  page?: PageContext;
}

export const EMPTY_DRAFT: Draft = { question: '', origin: 'ask' };

const clip = (s: string, n: number) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** A page-topic question the user can edit before starting. */
export function pageQuestion(title: string, t: Translate): string {
  return t('pageQuestion', clip(title || 'this page', 160));
}

function selectionQuestion(selection: string, t: Translate): string {
  return t('selectionQuestion', clip(selection, 300));
}

export function draftFromIntent(intent: ResearchIntent, t: Translate): Draft {
  const page: PageContext = {
    url: intent.url,
    title: intent.title,
    markdown: intent.markdown,
    ...(intent.selection ? { selection: intent.selection } : {}),
  };
  if (intent.kind === 'selection' && intent.selection?.trim()) {
    return { question: selectionQuestion(intent.selection, t), origin: 'selection', page };
  }
  return { question: pageQuestion(intent.title, t), origin: 'page', page };
}

/** The researchStart payload for a draft; the page text is capped to what the protocol accepts. */
export function startRequest(draft: Draft) {
  const question = draft.question.trim();
  if (!draft.page || draft.origin === 'ask') return { question, origin: 'ask' as const };
  const { url, title, markdown, selection } = draft.page;
  return {
    question,
    origin: draft.origin,
    page: { url, title, markdown: markdown.slice(0, 400_000), ...(selection ? { selection } : {}) },
  };
}
