import type {
  MessageListener,
  MessageSender,
  PortLike,
  PortTransport,
  RuntimeTransport,
} from '../messaging/transport';
import { chrome } from './browser-api';

function toSender(s: chrome.runtime.MessageSender | undefined): MessageSender {
  return {
    ...(s?.id !== undefined ? { id: s.id } : {}),
    ...(s?.url !== undefined ? { url: s.url } : {}),
    ...(s?.tab?.id !== undefined ? { tabId: s.tab.id } : {}),
  };
}

export function runtimeTransport(): RuntimeTransport {
  return {
    extensionId: chrome.runtime.id,
    sendMessage: (message) => chrome.runtime.sendMessage(message),
    onMessage(listener: MessageListener) {
      const wrapped = (
        message: unknown,
        sender: chrome.runtime.MessageSender,
        sendResponse: (r: unknown) => void,
      ): boolean => {
        const answer = listener(message, toSender(sender));
        if (!answer) return false;
        // Returning true keeps the channel open for the async answer; promise-returning listeners
        // are not supported on every Chrome we target.
        answer.then(sendResponse, (err: unknown) => sendResponse({ error: String(err) }));
        return true;
      };
      chrome.runtime.onMessage.addListener(wrapped);
      return () => chrome.runtime.onMessage.removeListener(wrapped);
    },
  };
}

function wrapPort(p: chrome.runtime.Port): PortLike {
  return {
    name: p.name,
    sender: toSender(p.sender),
    postMessage: (m) => p.postMessage(m),
    onMessage: (l) => p.onMessage.addListener((m: unknown) => l(m)),
    onDisconnect: (l) =>
      p.onDisconnect.addListener(() => {
        // Reading lastError marks it handled, so Chrome does not log "Unchecked runtime.lastError".
        void chrome.runtime.lastError;
        l();
      }),
    disconnect: () => p.disconnect(),
  };
}

export function portTransport(): PortTransport {
  return {
    extensionId: chrome.runtime.id,
    connect: (name) => wrapPort(chrome.runtime.connect({ name })),
    onConnect(listener) {
      const wrapped = (p: chrome.runtime.Port) => listener(wrapPort(p));
      chrome.runtime.onConnect.addListener(wrapped);
      return () => chrome.runtime.onConnect.removeListener(wrapped);
    },
  };
}

export const extensionUrl = (path: string): string => chrome.runtime.getURL(path);
export const extensionVersion = (): string => chrome.runtime.getManifest().version;
export const openOptionsPage = (): Promise<void> => chrome.runtime.openOptionsPage();
/** The options page scrolled to one of its sections (its id is the hash). */
export const openOptionsAt = async (section: string): Promise<void> => {
  await chrome.tabs.create({ url: `${chrome.runtime.getURL('extension/options/index.html')}#${section}` });
};
/** Opens one of the extension's own pages in a new tab. */
export const openExtensionTab = async (path: string): Promise<void> => {
  await chrome.tabs.create({ url: chrome.runtime.getURL(path) });
};
