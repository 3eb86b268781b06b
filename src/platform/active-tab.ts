import type { PageContent } from '../tools/browse/page-content';
import type { TabApi } from '../tools/browse/tab-api';
import { chrome } from './browser-api';
import { readTabPage } from './tab-page';

/** The tab the user is looking at in the last focused browser window, with its selection, if readable. */
export async function readActiveTab(api: TabApi): Promise<PageContent | null> {
  // The side panel is not a tab; a normal window's active tab is the page the user is looking at.
  const win = await chrome.windows.getLastFocused({ windowTypes: ['normal'] });
  const [tab] = await chrome.tabs.query({ active: true, windowId: win.id });
  if (tab?.id === undefined || !tab.url || !/^https?:/.test(tab.url)) return null;
  const [sel] = await chrome.scripting
    .executeScript({ target: { tabId: tab.id }, func: () => String(getSelection() ?? '') })
    .catch(() => []);
  return readTabPage(api, tab.id, typeof sel?.result === 'string' ? sel.result : undefined);
}
