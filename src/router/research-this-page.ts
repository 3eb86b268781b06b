import type { PageContent } from '../tools/browse/page-content';
import type { ResearchIntent } from './research-intent';

export interface ResearchThisPageDeps {
  /** Opens the side panel; Chrome allows it only inside the user gesture, so nothing is awaited first. */
  openPanel(windowId: number): Promise<void>;
  readPage(tabId: number, selection?: string): Promise<PageContent | null>;
  /** Hands the intent to the side panel (which takes it when it opens, or at once if it is open). */
  offer(intent: ResearchIntent): Promise<void>;
}

export interface PagePick {
  kind: 'page' | 'selection';
  tabId: number;
  windowId: number;
  selection?: string;
}

/**
 * "Research this page" from the context menu or the keyboard: open the panel at once, then read the
 * page and hand it over. Failures are quiet: the panel simply opens without a draft.
 */
export function researchThisPage(d: ResearchThisPageDeps) {
  return (pick: PagePick): Promise<void> => {
    const opened = d.openPanel(pick.windowId).catch(() => undefined);
    const handed = d
      .readPage(pick.tabId, pick.selection)
      .then((page) => (page ? d.offer({ kind: pick.kind, ...page }) : undefined))
      .catch(() => undefined);
    return Promise.all([opened, handed]).then(() => undefined);
  };
}
