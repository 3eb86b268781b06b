import type { PageContent } from '../tools/browse/page-content';

/** A new run: the question, where it came from, and the page it starts from ("research this page"). */
export interface StartRequest {
  question: string;
  origin: 'ask' | 'page' | 'selection';
  page?: PageContent;
  /** A follow-up question: the session it continues (its answer and sources start this run). */
  followUpOf?: string;
}
