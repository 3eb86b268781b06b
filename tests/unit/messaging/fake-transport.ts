import type { MessageListener, MessageSender, RuntimeTransport } from '../../../src/messaging/transport';

/** An in-memory runtime: every sendMessage reaches every listener, like chrome.runtime does. */
export function fakeRuntime(extensionId = 'ext-self') {
  const listeners = new Set<MessageListener>();
  const make = (sender: MessageSender): RuntimeTransport => ({
    extensionId,
    async sendMessage(message) {
      for (const l of listeners) {
        const answer = l(structuredClone(message), sender);
        if (answer) return structuredClone(await answer);
      }
      throw new Error('Could not establish connection. Receiving end does not exist.');
    },
    onMessage(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  });
  return { transport: make({ id: extensionId }), foreign: make({ id: 'someone-else' }), listeners };
}
