import type { PageContent } from '../tools/browse/page-content';
import type { TabApi } from '../tools/browse/tabs/tab-api';
import { chrome } from './browser-api';

/** Reads a tab the user pointed at (context menu, command), with the selection if any. */
export async function readTabPage(
  api: TabApi,
  tabId: number,
  selection?: string,
): Promise<PageContent | null> {
  const tab = await chrome.tabs.get(tabId);
  if (!tab.url || !/^https?:/.test(tab.url)) return null;
  const page = await api.extract(tabId, { partial: tab.status !== 'complete' });
  return {
    url: tab.url,
    title: page.title || tab.title || tab.url,
    markdown: page.markdown,
    ...(selection?.trim() ? { selection: selection.trim() } : {}),
  };
}
