import { BRAND, newRequestId, parseResponse, RemoteError } from './envelope';
import type { HandlerRegistry } from './handlers';
import { type MessageType, messages, type Request, type Response, type Room } from './protocol';
import type { RuntimeTransport } from './transport';

export interface MessageClient {
  send<K extends MessageType>(type: K, payload: Request<K>): Promise<Response<K>>;
}

export interface ClientOptions {
  /**
   * The handlers this context hosts itself: their messages are answered in-process (validated as a
   * remote call would be), since runtime.sendMessage never reaches a listener in the sending context.
   */
  local?: HandlerRegistry;
  /**
   * Rooms whose host may not be running yet (Chrome's offscreen document): when a message for one of
   * them finds nobody listening, `ensure` starts the host and the message is sent again.
   */
  wake?: { rooms: readonly Room[]; ensure: () => Promise<void> };
}

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;

export function createClient(transport: RuntimeTransport, opts: ClientOptions = {}): MessageClient {
  async function once<K extends MessageType>(type: K, payload: Request<K>): Promise<Response<K>> {
    const id = newRequestId();
    const raw = await transport.sendMessage({ brand: BRAND, id, type, payload });
    const res = parseResponse(raw);
    if (!res || res.id !== id) {
      throw new Error(`No valid answer to ${type} (is the context hosting ${messages[type].room} running?)`);
    }
    if (!res.ok) throw new RemoteError(res.error);
    return res.value as Response<K>;
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const noAnswer = (err: unknown) => NO_RECEIVER.test(String(err)) || /No valid answer/.test(String(err));

  return {
    async send(type, payload) {
      if (opts.local?.handles(type)) {
        return opts.local.dispatch(type, payload, { id: transport.extensionId });
      }
      try {
        return await once(type, payload);
      } catch (err) {
        const wake = opts.wake;
        if (!wake?.rooms.includes(messages[type].room) || !noAnswer(err)) throw err;
        await wake.ensure();
        // A host just created may still be loading its script: give it a moment to listen.
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
