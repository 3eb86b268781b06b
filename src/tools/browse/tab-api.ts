import type { ExtractedPage } from '../../extract/types';

/** What reading a page through the browser needs; src/platform/tab-api.ts implements it with chrome.*. */
export interface TabApi {
  /** A tab the user already has open at this URL and that has finished loading. */
  findLoadedTab(url: string): Promise<{ tabId: number; url: string } | null>;
  /** Opens an unfocused tab in the collapsed "Sleuth" group. Network guards are in place before it loads. */
  openAgentTab(
    url: string,
    opts: { signedOut: boolean; blockPrivate: boolean; allowLoopback: boolean },
  ): Promise<number>;
  /**
   * Resolves when the tab has loaded, when it times out (timedOut: true), or as soon as `onUrl` returns
   * false for a URL the tab moved to (refused: that URL). Rejects when the tab was closed.
   */
  waitForLoad(
    tabId: number,
    opts: { timeoutMs: number; signal?: AbortSignal; onUrl: (url: string) => boolean },
  ): Promise<{ timedOut: boolean; finalUrl: string; refusedUrl?: string; errorPage?: boolean }>;
  extract(tabId: number, opts: { partial: boolean }): Promise<ExtractedPage & { contentType?: string }>;
  closeAgentTab(tabId: number): Promise<void>;
}
