export async function openPanelOnActionClick(): Promise<void> {
  await chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
}

/** Must be called from a user gesture (action click, command, context menu). */
export async function openSidePanel(windowId: number): Promise<void> {
  await chrome.sidePanel.open({ windowId });
}
