import type { SearchFailure } from '../errors/run-error';

/**
 * What a tool call produced, kept on the step beside the text the model saw. Citations, fold
 * digests, step cards and exports read these fields; they never parse the observation text back,
 * because page text is untrusted and can imitate the frames that text is built from.
 */

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  date?: string;
}

/** One query's hits, or why the query failed (then `hits` is empty). */
export interface SearchResult {
  query: string;
  hits: SearchHit[];
  /** The model's English text of why the query failed (it reads this in the tool response). */
  error?: string;
  /** The same failure as data, which the panel words in the user's language. */
  errorInfo?: SearchFailure;
}

/** How a page's text was obtained: a tab the user already had open, a new background tab, a direct fetch (PDF), or the page cache. */
export type PageReadVia = 'open-tab' | 'new-tab' | 'fetch' | 'cache';

/**
 * Failures the panel words itself: the page was refused a tab kept apart from the user's browsing,
 * or a private run did not open it (the user said no, or nobody was there to ask).
 */
export const VISIT_FAIL_CODES = ['needs-incognito', 'needs-container', 'declined', 'not-asked'] as const;
export type VisitFailCode = (typeof VISIT_FAIL_CODES)[number];

/** One page of a `visit` call. */
export interface VisitResult {
  /** The URL the model asked for. */
  url: string;
  title: string;
  ok: boolean;
  evidence: string;
  summary: string;
  /**
   * Why the page could not be read: set on every failed page a tool reports. A failed page read
   * back from recorded text has none; its recorded words stay in `evidence` and `summary`.
   */
  reason?: string;
  /** Set when `reason` has words of the panel's own (in the user's language). */
  reasonCode?: VisitFailCode;
  /** Where the page ended up after redirects, when known. */
  finalUrl?: string;
  /** When the page's text was read (epoch ms), when known. */
  readAt?: number;
  via?: PageReadVia;
  /** Why the evidence is not what the summary model wrote (it failed; ranked passages stand in). */
  summaryNote?: string;
  /** Why the page's visible text stands in for its article (the article extractor failed). */
  readNote?: string;
  /** The page was longer than the model's window could hold: the characters given, of how many. */
  cut?: { read: number; total: number };
}

export type StepResult =
  | { tool: 'search'; searches: SearchResult[] }
  | { tool: 'visit'; goal: string; pages: VisitResult[] };

/** A visit that read nothing, with the reason the model is told (and its code, where one applies). */
export const failedVisit = (url: string, reason: string, code?: VisitFailCode): VisitResult => ({
  url,
  title: '',
  ok: false,
  evidence: '',
  summary: '',
  reason,
  ...(code ? { reasonCode: code } : {}),
});
