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

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const noAnswer = (err: unknown) => NO_RECEIVER.test(String(err)) || /No valid answer/.test(String(err));

  return {
    async send(type, payload) {
      try {
        return await once(type, payload);
      } catch (err) {
        const ensure = opts.ensureOffscreen;
        if (messages[type].target !== 'offscreen' || !ensure || !noAnswer(err)) throw err;
        await ensure();
        // A document just created may still be loading its script: give it a moment to listen.
        for (let attempt = 0; ; attempt++) {
          try {
            return await once(type, payload);
          } catch (again) {
            if (!noAnswer(again) || attempt >= 20) throw again;
            await sleep(100);
          }
        }
      }
    },
  };
}
