import * as v from 'valibot';
import { type RunError, RunErrorSchema, runErrorOf } from '../errors/run-error';

/** Every message Sleuth sends carries this brand, so stray messages from elsewhere are ignored. */
export const BRAND = 'sleuth/1';

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  hint?: string;
  /** The error as `{ code, params }` (src/errors/), when it has one. */
  info?: RunError;
}

export const RequestEnvelopeSchema = v.object({
  brand: v.literal(BRAND),
  id: v.string(),
  type: v.string(),
  payload: v.unknown(),
});
export type RequestEnvelope = v.InferOutput<typeof RequestEnvelopeSchema>;

export type ResponseEnvelope =
  | { brand: typeof BRAND; id: string; ok: true; value: unknown }
  | { brand: typeof BRAND; id: string; ok: false; error: SerializedError };

const ResponseEnvelopeSchema = v.variant('ok', [
  v.object({ brand: v.literal(BRAND), id: v.string(), ok: v.literal(true), value: v.unknown() }),
  v.object({
    brand: v.literal(BRAND),
    id: v.string(),
    ok: v.literal(false),
    error: v.object({
      name: v.string(),
      message: v.string(),
      code: v.optional(v.string()),
      hint: v.optional(v.string()),
      // An unknown or malformed code costs the panel's words only; the message still arrives.
      info: v.fallback(v.optional(RunErrorSchema), undefined),
    }),
  }),
]);

export function parseResponse(raw: unknown): ResponseEnvelope | null {
  const r = v.safeParse(ResponseEnvelopeSchema, raw);
  return r.success ? r.output : null;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    const extra = err as Error & { code?: unknown; hint?: unknown };
    const info = runErrorOf(err);
    return {
      name: err.name,
      message: err.message,
      ...(typeof extra.code === 'string' ? { code: extra.code } : {}),
      ...(typeof extra.hint === 'string' && extra.hint ? { hint: extra.hint } : {}),
      ...(info ? { info } : {}),
    };
  }
  return { name: 'Error', message: typeof err === 'string' ? err : 'Unknown error' };
}

/** Rebuilds an Error on the receiving side so callers can `catch` it with the original message. */
export class RemoteError extends Error {
  readonly code: string | undefined;
  readonly hint: string | undefined;
  readonly info: RunError | undefined;
  constructor(e: SerializedError) {
    super(e.message);
    this.name = e.name;
    this.code = e.code;
    this.hint = e.hint;
    this.info = e.info;
  }
}

let counter = 0;
export function newRequestId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
