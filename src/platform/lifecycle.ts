import { chrome } from './browser-api';

/** The extension was installed or updated (context menus and panel behaviour are set up then). */
export function onInstalled(listener: () => void): void {
  chrome.runtime.onInstalled.addListener(() => listener());
}

/** The browser started with the extension already installed. */
export function onBrowserStartup(listener: () => void): void {
  chrome.runtime.onStartup.addListener(() => listener());
}
