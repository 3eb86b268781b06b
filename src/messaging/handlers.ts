import * as v from 'valibot';
import {
  isMessageType,
  type MessageOf,
  type MessageType,
  messages,
  type Request,
  type Response,
  type Room,
} from './protocol';
import type { MessageSender } from './transport';

export type Handler<K extends MessageType> = (
  req: Request<K>,
  sender: MessageSender,
) => Promise<Response<K>> | Response<K>;

/** Every message of one room with its handler: a room's table cannot forget one. */
export type RoomHandlers<R extends Room> = { [K in MessageOf<R>]: Handler<K> };

/** Any set of handlers; entry points compose the tables of the rooms their context hosts. */
export type HandlerTable = { [K in MessageType]?: Handler<K> };

/** The handlers one context answers with, from one or more tables. */
export interface HandlerRegistry {
  /** Adds a table; a message that already has a handler is refused, so two rooms never both answer. */
  add(table: HandlerTable): void;
  handles(type: string): type is MessageType;
  /** Validates the request against its schema, then runs the handler. */
  dispatch<K extends MessageType>(type: K, payload: unknown, sender: MessageSender): Promise<Response<K>>;
}

class ValidationError extends Error {
  override readonly name = 'ValidationError';
}

export function composeHandlers(...tables: HandlerTable[]): HandlerRegistry {
  const byType = new Map<MessageType, (req: unknown, sender: MessageSender) => unknown>();
  const registry: HandlerRegistry = {
    add(table) {
      for (const [type, handler] of Object.entries(table)) {
        if (!isMessageType(type) || typeof handler !== 'function') continue;
        if (byType.has(type)) throw new Error(`Two handlers for ${type}: compose each room's table once.`);
        byType.set(type, handler as (req: unknown, sender: MessageSender) => unknown);
      }
    },
    handles: (type): type is MessageType => isMessageType(type) && byType.has(type),
    async dispatch(type, payload, sender) {
      const handler = byType.get(type);
      if (!handler) throw new Error(`Nothing here answers ${type}.`);
      const parsed = v.safeParse(messages[type].req, payload);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        const where = issue?.path?.map((p) => String(p.key)).join('.') || 'payload';
        throw new ValidationError(`Invalid ${type} request: ${where}: ${issue?.message ?? ''}`);
      }
      return (await handler(parsed.output, sender)) as Response<typeof type>;
    },
  };
  for (const t of tables) registry.add(t);
  return registry;
}
