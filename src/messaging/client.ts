import { BRAND, newRequestId, parseResponse, RemoteError } from './envelope';
import { type MessageType, messages, type Request, type Response } from './protocol';
import type { RuntimeTransport } from './transport';

export interface MessageClient {
  send<K extends MessageType>(type: K, payload: Request<K>): Promise<Response<K>>;
}

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;

/**
 * `ensureOffscreen` is called when a message for the offscreen document finds nobody listening
 * (it was never created, or Chrome closed it); the message is then sent once more.
 */
export function createClient(
  transport: RuntimeTransport,
  opts: { ensureOffscreen?: () => Promise<void> } = {},
): MessageClient {
  async function once<K extends MessageType>(type: K, payload: Request<K>): Promise<Response<K>> {
    const id = newRequestId();
    const raw = await transport.sendMessage({
      brand: BRAND,
      id,
      target: messages[type].target,
      type,
      payload,
    });
    const res = parseResponse(raw);
    if (!res || res.id !== id) {
      throw new Error(`No valid answer to ${type} (is the ${messages[type].target} context running?)`);
    }
    if (!res.ok) throw new RemoteError(res.error);
    return res.value as Response<K>;
  }

  return {
    async send(type, payload) {
      try {
        return await once(type, payload);
      } catch (err) {
        const retryable =
          messages[type].target === 'offscreen' &&
          opts.ensureOffscreen &&
          (NO_RECEIVER.test(String(err)) || /No valid answer/.test(String(err)));
        if (!retryable || !opts.ensureOffscreen) throw err;
        await opts.ensureOffscreen();
        return once(type, payload);
      }
    },
  };
}
