import type { TabApi } from '../tools/browse/tab-api';

/** The tab the user is looking at in the last focused window, with its selection, if readable. */
export async function readActiveTab(api: TabApi) {
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab?.id === undefined || !tab.url || !/^https?:/.test(tab.url)) return null;
  const page = await api.extract(tab.id, { partial: tab.status !== 'complete' });
  const [sel] = await chrome.scripting.executeScript({
    target: { tabId: tab.id },
    func: () => String(getSelection() ?? ''),
  });
  const selection = typeof sel?.result === 'string' && sel.result.trim() ? sel.result.trim() : undefined;
  return {
    url: tab.url,
    title: page.title || tab.title || tab.url,
    markdown: page.markdown,
    ...(selection ? { selection } : {}),
  };
}
