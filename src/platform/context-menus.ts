import { chrome } from './browser-api';
import { t } from './i18n';

const MENU_PAGE = 'sleuth-research-page';
const MENU_SELECTION = 'sleuth-research-selection';

/** Menus persist across worker restarts, so they are (re)created only on install and update. */
export async function createContextMenus(): Promise<void> {
  await chrome.contextMenus.removeAll();
  chrome.contextMenus.create({ id: MENU_PAGE, title: t('menuResearchPage'), contexts: ['page'] });
  chrome.contextMenus.create({
    id: MENU_SELECTION,
    title: t('menuResearchSelection'),
    contexts: ['selection'],
  });
}

export type MenuChoice = { kind: 'page' | 'selection'; tabId: number; windowId: number; selection?: string };

export function onMenuChoice(listener: (c: MenuChoice) => void): void {
  chrome.contextMenus.onClicked.addListener((info, tab) => {
    if (tab?.id === undefined) return;
    const kind =
      info.menuItemId === MENU_SELECTION ? 'selection' : info.menuItemId === MENU_PAGE ? 'page' : null;
    if (!kind) return;
    listener({
      kind,
      tabId: tab.id,
      windowId: tab.windowId,
      ...(info.selectionText ? { selection: info.selectionText } : {}),
    });
  });
}

export function onCommand(name: string, listener: (tab: { tabId: number; windowId: number }) => void): void {
  chrome.commands.onCommand.addListener((command, tab) => {
    if (command === name && tab?.id !== undefined) listener({ tabId: tab.id, windowId: tab.windowId });
  });
}
