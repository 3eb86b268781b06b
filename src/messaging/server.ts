import * as v from 'valibot';
import {
  BRAND,
  RequestEnvelopeSchema,
  type ResponseEnvelope,
  type SerializedError,
  serializeError,
} from './envelope';
import { isMessageType, type MessageType, messages, type Request, type Response } from './protocol';
import type { MessageSender, RuntimeTransport } from './transport';

export type Handlers<T extends 'background' | 'offscreen'> = {
  [K in MessageType as (typeof messages)[K]['target'] extends T ? K : never]?: (
    req: Request<K>,
    sender: MessageSender,
  ) => Promise<Response<K>> | Response<K>;
};

/**
 * Answers the messages addressed to `context`. Messages from other extensions or web pages, for
 * another context, of unknown type, or with a payload that fails its schema are never handled.
 */
export function serve<T extends 'background' | 'offscreen'>(
  transport: RuntimeTransport,
  context: T,
  handlers: Handlers<T>,
): () => void {
  return transport.onMessage((raw, sender) => {
    const env = v.safeParse(RequestEnvelopeSchema, raw);
    if (!env.success || env.output.target !== context) return undefined;
    const { id, type, payload } = env.output;
    const reply = (
      r: { ok: true; value: unknown } | { ok: false; error: SerializedError },
    ): ResponseEnvelope =>
      r.ok ? { brand: BRAND, id, ok: true, value: r.value } : { brand: BRAND, id, ok: false, error: r.error };
    if (sender.id !== transport.extensionId) {
      return Promise.resolve(
        reply({ ok: false, error: { name: 'SecurityError', message: 'Foreign sender' } }),
      );
    }
    if (!isMessageType(type)) return undefined;
    const handler = (handlers as Record<string, ((req: unknown, s: MessageSender) => unknown) | undefined>)[
      type
    ];
    if (!handler) return undefined;
    const parsed = v.safeParse(messages[type].req, payload);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const where = issue?.path?.map((p) => String(p.key)).join('.') || 'payload';
      return Promise.resolve(
        reply({
          ok: false,
          error: {
            name: 'ValidationError',
            message: `Invalid ${type} request: ${where}: ${issue?.message ?? ''}`,
          },
        }),
      );
    }
    return (async () => {
      try {
        const value = await handler(parsed.output, sender);
        return reply({ ok: true, value });
      } catch (err) {
        return reply({ ok: false, error: serializeError(err) });
      }
    })();
  });
}
