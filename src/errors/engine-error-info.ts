import * as v from 'valibot';
import { NetCauseSchema, ReachSchema } from './net-cause';

/**
 * Why a model could not be loaded or asked, as data. `url` is the model server's base URL as set in
 * Options; `origin` this extension's origin, which a server's allow-list (OLLAMA_ORIGINS) needs.
 */
const url = v.string();
const status = v.number();

export const LoadCauseSchema = v.picklist([
  'device-lost',
  'no-webgpu',
  'no-shader-f16',
  'not-found',
  'gated',
  'http',
  'dns',
  'cors',
  'offline',
  'bad-file',
  'out-of-memory',
  'unknown',
]);

export const EngineFailureSchema = v.variant('code', [
  v.object({
    code: v.literal('model-server-unreachable'),
    params: v.object({
      url,
      host: v.string(),
      reach: ReachSchema,
      cause: NetCauseSchema,
      origin: v.string(),
    }),
  }),
  v.object({ code: v.literal('model-server-origin-refused'), params: v.object({ url, origin: v.string() }) }),
  v.object({ code: v.literal('model-server-key-rejected'), params: v.object({ status }) }),
  v.object({ code: v.literal('model-not-on-server'), params: v.object({ url, model: v.string() }) }),
  v.object({ code: v.literal('model-server-no-api'), params: v.object({ url }) }),
  v.object({ code: v.literal('model-server-timeout'), params: v.object({ status }) }),
  v.object({ code: v.literal('model-server-silent'), params: v.object({ url, seconds: v.number() }) }),
  v.object({ code: v.literal('model-server-failed'), params: v.object({ status }) }),
  v.object({ code: v.literal('model-server-rejected'), params: v.object({ status }) }),
  v.object({
    code: v.literal('model-load-failed'),
    params: v.object({ model: v.string(), cause: LoadCauseSchema, status: v.optional(status) }),
  }),
  /** A local model's reply held bytes that are not UTF-8, which wllama cannot pass on. */
  v.object({ code: v.literal('model-reply-unreadable'), params: v.object({ model: v.string() }) }),
  /** A library's own error with no known cause: its text is all there is, shown as it came. */
  v.object({ code: v.literal('engine-failed'), params: v.object({ detail: v.string() }) }),
]);
export type EngineFailure = v.InferOutput<typeof EngineFailureSchema>;
