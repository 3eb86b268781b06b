/**
 * Whether Sleuth may open its agent window in Chrome's incognito profile (the user allows it once,
 * on the extension's details page), and a way there. Firefox reads in a container instead, which
 * needs no such step: `null` there.
 */
import { chrome } from './browser-api';

// Not `typeof browser`: Chrome now has a `browser` namespace too.
const isFirefox = () => chrome.runtime.getURL('').startsWith('moz-extension:');

export async function incognitoAllowed(): Promise<boolean | null> {
  if (isFirefox()) return null;
  return chrome.extension.isAllowedIncognitoAccess();
}

/** Chrome's page for this extension, where "Allow in Incognito" is. */
export async function openExtensionDetails(): Promise<void> {
  await chrome.tabs.create({ url: `chrome://extensions/?id=${chrome.runtime.id}` });
}
