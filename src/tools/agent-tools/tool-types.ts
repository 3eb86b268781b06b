import type { RunPrivacy } from '../../security/run-privacy';
import type { SendAnswer, SendRequest } from '../../security/send-gate';
import type { UrlPolicy } from '../../security/url-policy';
import type { PagesRepo } from '../../store/pages-repo';
import type { ReadTabResult } from '../browse/tabs/tab-reader';
import type { SearchChain } from '../search/chain';

export interface PageText {
  url: string;
  finalUrl: string;
  title: string;
  markdown: string;
  links: string[];
}

export interface ToolDeps {
  search: SearchChain;
  /** Reads an html page through a browser tab (the service worker does the tab work). */
  readTab(url: string, signal: AbortSignal): Promise<ReadTabResult>;
  /** Fetches and parses a PDF; null when the URL is not a PDF after all. */
  readPdf?(url: string, signal: AbortSignal): Promise<PageText | null>;
  /**
   * Fetches and extracts a page that needs no script (server-rendered HTML, plain text), signed out;
   * null sends the page to the tab reader (redirects, script-built pages, other types, errors).
   */
  readStatic?(url: string, signal: AbortSignal): Promise<PageText | null>;
  rank(markdown: string, goal: string, question: string): { evidence: string; summary: string };
  /** Model-written evidence when an extractor is configured (it falls back to `rank` itself). */
  writeEvidence?(
    markdown: string,
    goal: string,
    question: string,
    signal: AbortSignal,
  ): Promise<{ evidence: string; summary: string; note?: string }>;
  pages?: Pick<PagesRepo, 'getFresh' | 'put'> & Partial<Pick<PagesRepo, 'get'>>;
  /** Whether a URL is read with the user's sign-ins (its site is on their list): its text is private. */
  readsSignedIn?(url: string): boolean;
  policy: UrlPolicy;
  maxTabs: number;
  /** A page read this recently is not read again (ms). */
  pageMaxAgeMs: number;
  clock: () => number;
  /**
   * A URL the model wrote itself (seen nowhere): refused, or opened in public runs (they hold nothing
   * to leak). The URL policy applies either way; private runs always refuse them. Default 'refuse'.
   */
  unseenUrls?: 'refuse' | 'public-runs';
}

export interface ToolContext {
  question: string;
  seedUrls: string[];
  /** Text the user handed over (their page, a selection) or read signed in earlier in the run. */
  privateText?: readonly string[];
  /** A resumed run: what its earlier steps saw (search hits, pages read), so it can open them again. */
  earlier?: { hits: readonly string[]; pages: readonly string[] };
  /** What the user typed, when `question` holds more (a follow-up's earlier answer is not theirs). */
  userQuestion?: string;
  /** Addresses the user gave (the page they asked about): a private run opens them without asking. */
  ownUrls?: readonly string[];
  /** Public runs search and visit freely; in a private one the user approves what the model chose. */
  privacy?: RunPrivacy;
  /** Shows what a private run would send; without it nothing model-chosen is sent. */
  ask?(request: SendRequest, signal: AbortSignal): Promise<SendAnswer>;
  /** The user allowed the rest of this run before (kept across a Continue). */
  allowRest?: boolean;
  onAllowRest?(): void;
  /** The run read a signed-in page and became private. */
  onPrivate?(): void;
  /** A page read, whole (the runner checks citations against all of it, not only the passages). */
  onPageRead?(page: { url: string; finalUrl: string; markdown: string }): void;
}
