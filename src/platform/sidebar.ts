/**
 * Firefox's sidebar (`sidebar_action`), which shows the same panel page as Chrome's side panel.
 * sidebarAction is Firefox-only, so it is typed here rather than taken from @types/chrome.
 */
import { chrome } from './browser-api';

interface SidebarAction {
  open(): Promise<void>;
  toggle(): Promise<void>;
}

const sidebarAction = (): SidebarAction => {
  const api = (chrome as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  if (!api) throw new Error('This browser has no sidebarAction API.');
  return api;
};

/**
 * Opens the sidebar in the current window. Firefox allows it only inside a user action (menu click,
 * command, toolbar button), so callers invoke it synchronously from that handler, before any await.
 */
export function openSidebar(): Promise<void> {
  return sidebarAction().open();
}

/** The toolbar button shows and hides the sidebar, as Chrome's button does the side panel. */
export function toggleSidebarOnActionClick(): void {
  chrome.action.onClicked.addListener(() => void sidebarAction().toggle());
}
