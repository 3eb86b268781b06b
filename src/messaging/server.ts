import * as v from 'valibot';
import { BRAND, RequestEnvelopeSchema, type ResponseEnvelope, serializeError } from './envelope';
import type { HandlerRegistry } from './handlers';
import type { RuntimeTransport } from './transport';

/**
 * Answers the messages this context has handlers for. Messages of another type are left to the
 * context that hosts their room; messages from other extensions or web pages are refused, and a
 * payload that fails its schema never reaches the handler.
 */
export function serve(transport: RuntimeTransport, handlers: HandlerRegistry): () => void {
  return transport.onMessage((raw, sender) => {
    const env = v.safeParse(RequestEnvelopeSchema, raw);
    if (!env.success || !handlers.handles(env.output.type)) return undefined;
    const { id, type, payload } = env.output;
    if (sender.id !== transport.extensionId) {
      const refused: ResponseEnvelope = {
        brand: BRAND,
        id,
        ok: false,
        error: { name: 'SecurityError', message: 'Foreign sender' },
      };
      return Promise.resolve(refused);
    }
    return handlers.dispatch(type, payload, sender).then(
      (value): ResponseEnvelope => ({ brand: BRAND, id, ok: true, value }),
      (err: unknown): ResponseEnvelope => ({ brand: BRAND, id, ok: false, error: serializeError(err) }),
    );
  });
}
