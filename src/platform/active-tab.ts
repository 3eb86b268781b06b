import type { PageContent } from '../tools/browse/page-content';
import type { TabApi } from '../tools/browse/tabs/tab-api';
import { chrome } from './browser-api';
import { readTabPage } from './tab-page';

/** The tab the user is looking at in the last focused browser window, with its selection, if readable. */
export async function readActiveTab(api: TabApi): Promise<PageContent | null> {
  // The side panel is not a tab; a normal window's active tab is the page the user is looking at.
  const [tab] = await chrome.tabs.query({ active: true, windowId: await userWindowId() });
  if (tab?.id === undefined || !tab.url || !/^https?:/.test(tab.url)) return null;
  const [sel] = await chrome.scripting
    .executeScript({ target: { tabId: tab.id }, func: () => String(getSelection() ?? '') })
    .catch(() => []);
  return readTabPage(api, tab.id, typeof sel?.result === 'string' ? sel.result : undefined);
}

async function userWindowId(): Promise<number | undefined> {
  const last = await chrome.windows.getLastFocused({ windowTypes: ['normal'] });
  if (last.type === 'normal') return last.id;
  // Firefox ignores windowTypes here and answers with a focused popup too (measured on 153): take the
  // focused normal window then, or any.
  const normal = (await chrome.windows.getAll()).filter((w) => w.type === 'normal');
  return (normal.find((w) => w.focused) ?? normal[0])?.id;
}
