import * as v from 'valibot';
import type { RunError } from '../errors/run-error';
import type { EngineCatalog } from '../llm/host/engine-catalog';
import type { EnginePlan, EngineStatus, StoredModelInfo } from '../llm/host/engine-status';
import type { OllamaFound } from '../llm/host/local-servers';
import type { WebGpuProbeResult } from '../llm/webgpu-probe';
import type { StartRequest } from '../runner/start-request';
import { PROVIDER_IDS } from '../settings/provider-ids';
import type { CheckedFetchReply } from '../tools/browse/fetch/checked-fetch-reply';
import type { PageContent } from '../tools/browse/page-content';
import type { ReadTabResult } from '../tools/browse/tabs/tab-reader';

/**
 * The one message protocol. Each message belongs to a room (the part of Sleuth that answers it) and
 * has the schema its request must pass; `Responses` below gives each its response type, and the
 * compile-time checks at the bottom keep the lists in step. Which context hosts which room is the
 * entry points' business: in Chrome the service worker hosts `router` and the offscreen document the
 * others; a background page can host them all.
 */
export type Room = 'router' | 'engine' | 'search' | 'runner';

const empty = v.object({});
const sessionRef = v.object({ sessionId: v.string() });

export const messages = {
  // Tabs, the engine host's lifecycle, and the page the user is on.
  'router.ping': { room: 'router', req: empty },
  /** Makes sure the context hosting the engine and runner exists (Chrome's offscreen document). */
  'router.ensureEngineHost': { room: 'router', req: empty },
  'router.readTab': {
    room: 'router',
    req: v.object({
      url: v.pipe(v.string(), v.maxLength(8192)),
      timeoutMs: v.pipe(v.number(), v.minValue(100), v.maxValue(120_000)),
      signedOut: v.boolean(),
      policy: v.object({
        allowHttp: v.boolean(),
        allowLoopback: v.boolean(),
        allow: v.array(v.string()),
        deny: v.array(v.string()),
      }),
    }),
  },
  /**
   * A page or PDF read without a tab, fetched by the service worker so the server's address can be
   * judged (only there does the browser report it): a public name resolving privately is refused.
   */
  'router.fetch': {
    room: 'router',
    req: v.object({
      url: v.pipe(v.string(), v.maxLength(8192)),
      accept: v.pipe(v.string(), v.maxLength(500)),
      maxBytes: v.pipe(v.number(), v.minValue(0), v.maxValue(64 * 1024 * 1024)),
      allowLoopback: v.boolean(),
      timeoutMs: v.pipe(v.number(), v.minValue(100), v.maxValue(300_000)),
    }),
  },
  'router.currentPage': { room: 'router', req: empty },
  /** A run ended: the agent tabs kept for its next reads are closed. */
  'router.closeIdleTabs': { room: 'router', req: empty },
  // The inference engine: state, loading, the models on offer.
  'engine.ping': { room: 'engine', req: empty },
  'engine.status': { room: 'engine', req: empty },
  'engine.load': {
    room: 'engine',
    req: v.object({ engine: v.optional(v.string()), modelId: v.optional(v.string()) }),
  },
  'engine.unload': { room: 'engine', req: empty },
  'engine.probe': { room: 'engine', req: empty },
  'engine.listCached': { room: 'engine', req: empty },
  'engine.deleteCached': { room: 'engine', req: v.object({ modelId: v.string() }) },
  'engine.test': { room: 'engine', req: empty },
  /** The model names a model server offers (empty when it does not answer). */
  'engine.models': { room: 'engine', req: empty },
  /** Model servers running on this machine (Ollama), for the first-run guide. */
  'engine.findLocal': { room: 'engine', req: empty },
  'engine.catalog': { room: 'engine', req: empty },
  /** What `settings` (saved ones, with unsaved edits laid over) would load; loads nothing. */
  'engine.plan': {
    room: 'engine',
    req: v.object({ settings: v.optional(v.record(v.string(), v.unknown())) }),
  },
  /** Developer checks (gguf-check, gpu-check): one short generation with the loaded engine. */
  'engine.sample': {
    room: 'engine',
    req: v.object({
      prompt: v.pipe(v.string(), v.minLength(1), v.maxLength(4000)),
      maxTokens: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1024)),
    }),
  },
  /** GGUF models in the browser's storage, complete or partial. */
  'engine.storedModels': { room: 'engine', req: empty },
  'engine.deleteStored': { room: 'engine', req: v.object({ folder: v.pipe(v.string(), v.maxLength(200)) }) },
  /** Runs one query ("test") through a single provider built from saved settings and secrets. */
  'search.test': { room: 'search', req: v.object({ provider: v.picklist(PROVIDER_IDS) }) },
  // Research runs.
  'runner.start': {
    room: 'runner',
    req: v.object({
      question: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20_000)),
      origin: v.picklist(['ask', 'page', 'selection']),
      page: v.optional(
        v.object({
          url: v.string(),
          title: v.string(),
          markdown: v.pipe(v.string(), v.maxLength(400_000)),
          selection: v.optional(v.string()),
        }),
      ),
      /** A follow-up: the session whose answer and sources this run starts from. */
      followUpOf: v.optional(v.string()),
    }),
  },
  'runner.stop': { room: 'runner', req: sessionRef },
  'runner.answerNow': { room: 'runner', req: sessionRef },
  'runner.steer': {
    room: 'runner',
    req: v.object({ sessionId: v.string(), note: v.pipe(v.string(), v.minLength(1), v.maxLength(4000)) }),
  },
  'runner.resume': { room: 'runner', req: sessionRef },
  'runner.retryFrom': { room: 'runner', req: v.object({ sessionId: v.string(), seq: v.number() }) },
  'runner.active': { room: 'runner', req: empty },
  /** The user's answer to what a private run asked to send (its pending request on the session). */
  'runner.approve': {
    room: 'runner',
    req: v.object({
      sessionId: v.string(),
      requestId: v.pipe(v.string(), v.maxLength(200)),
      answer: v.picklist(['send', 'decline', 'allow-rest']),
    }),
  },
} as const satisfies Record<string, { room: Room; req: v.GenericSchema }>;

export type MessageType = keyof typeof messages;
export type Request<K extends MessageType> = v.InferOutput<(typeof messages)[K]['req']>;
/** The messages one room answers. */
export type MessageOf<R extends Room> = {
  [K in MessageType]: (typeof messages)[K]['room'] extends R ? K : never;
}[MessageType];

/**
 * The Options page's Test buttons. A result is data the UI words (`info` for a failure); `message`
 * is the same in English, for logs.
 */
export type ConnectionTest =
  | { ok: true; message: string; models: string[]; latencyMs: number }
  | { ok: false; message: string; info: RunError };
export type SearchTest =
  | { ok: true; message: string; count: number }
  | { ok: false; message: string; info: RunError };

export interface Responses {
  'router.ping': { context: 'router'; version: string; startedAt: number };
  'router.ensureEngineHost': { created: boolean };
  'router.readTab': ReadTabResult;
  'router.fetch': CheckedFetchReply;
  'router.currentPage': PageContent | null;
  'router.closeIdleTabs': { closed: number };
  'engine.ping': {
    context: 'engine';
    startedAt: number;
    engine: EngineStatus;
    /** Cross-origin isolated: SharedArrayBuffer, hence multi-threaded wllama, is available. */
    isolated?: boolean;
  };
  'engine.status': EngineStatus;
  'engine.load': EngineStatus;
  'engine.unload': EngineStatus;
  'engine.probe': WebGpuProbeResult;
  'engine.listCached': { modelId: string; bytes?: number }[];
  'engine.deleteCached': { deleted: boolean };
  'engine.test': ConnectionTest;
  'engine.models': { models: string[] };
  'engine.findLocal': { ollama: OllamaFound };
  'engine.catalog': EngineCatalog;
  'engine.plan': EnginePlan;
  'engine.sample': {
    text: string;
    completionTokens: number;
    decodeTokensPerSecond: number;
    engine: EngineStatus;
  };
  'engine.storedModels': { models: StoredModelInfo[]; downloading: string | null };
  'engine.deleteStored': { deleted: boolean };
  'search.test': SearchTest;
  'runner.start': { sessionId: string };
  'runner.stop': { stopped: boolean };
  'runner.answerNow': { accepted: boolean };
  'runner.steer': { accepted: boolean };
  'runner.resume': { sessionId: string };
  'runner.retryFrom': { sessionId: string };
  'runner.active': { sessionIds: string[] };
  'runner.approve': { accepted: boolean };
}

export type Response<K extends MessageType> = Responses[K];

// Compile-time: every message has a response type and every response type has a message, and a
// request that passed its schema is what the room's own function takes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Fits<A, B> = [A] extends [B] ? true : false;
const _inStep: Same<MessageType, keyof Responses> = true;
const _startFits: Fits<Request<'runner.start'>, StartRequest> = true;
void _inStep;
void _startFits;

export function isMessageType(t: string): t is MessageType {
  return Object.hasOwn(messages, t);
}
