import type { ExtractedPage } from '../../../extract/types';
import type { AgentTabOptions } from './tab-pool';

/** How a page load in an agent tab ended. */
export interface TabLoad {
  /** The page did not settle in time; whatever arrived may still be read (partial). */
  timedOut: boolean;
  finalUrl: string;
  /** The tab moved to a URL `onUrl` refused; nothing of it is read. */
  refusedUrl?: string;
  /** Why it was refused when the URL itself was fine (its server answered from a private address). */
  refusedReason?: string;
  /** The navigation failed (network error, blocked address, a download): no page to read. */
  errorPage?: boolean;
  /** Someone (the user) closed the tab before the page was read. */
  closed?: boolean;
  /** The page as read once it settled (absent after a timeout: read what arrived with `extract`). */
  page?: ExtractedPage & { contentType?: string; httpStatus?: number };
}

/** What reading a page through the browser needs; src/platform/agent-tabs/browser-tabs.ts implements it with chrome.*. */
export interface TabApi {
  /** A tab the user already has open at this URL and that has finished loading. */
  findLoadedTab(url: string): Promise<{ tabId: number; url: string } | null>;
  /**
   * An agent tab for one read: an idle one when the read is signed out, else a new unfocused tab in
   * the collapsed "Sleuth" group. Its network guards and resource blocking are in place.
   */
  acquireAgentTab(opts: AgentTabOptions): Promise<number>;
  /**
   * Sends the agent tab to `url` and resolves with the page once it is parsed and settled (its DOM
   * quiet, or `load`, whichever is first), when it times out (timedOut: true), or as soon as `onUrl` returns
   * false for a URL the tab moved to (refused: that URL), or when the tab was closed (closed: true).
   */
  load(
    tabId: number,
    url: string,
    opts: {
      timeoutMs: number;
      signal?: AbortSignal;
      onUrl: (url: string) => boolean;
      /** Judges the server address of each response in the tab: a reason refuses the read. */
      onServerIp?: (ip: string | undefined) => string | undefined;
    },
  ): Promise<TabLoad>;
  /** The page as extracted, its content type, and the HTTP status its document came with (when known). */
  extract(
    tabId: number,
    opts: { partial: boolean },
  ): Promise<ExtractedPage & { contentType?: string; httpStatus?: number }>;
  /** The read is over: after a clean read the tab waits for the next one; otherwise it is closed. */
  releaseAgentTab(tabId: number, opts: { reusable: boolean }): Promise<void>;
  /** Closes the agent tabs waiting for a read (a run ended); returns how many. */
  closeIdleAgentTabs(): Promise<number>;
}
