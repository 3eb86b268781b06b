import * as v from 'valibot';
import type { GgufCatalogEntry } from '../llm/gguf-catalog';
import { PROVIDER_IDS } from '../tools/search/types';
import type { ContextName } from './envelope';

/**
 * The one message protocol. Each entry ties a message type to the context that answers it and to the
 * schema its request must pass; `Responses` below gives each its response type. The compile-time check
 * at the bottom keeps both lists in step.
 */
const empty = v.object({});
const sessionRef = v.object({ sessionId: v.string() });

export const messages = {
  // Answered by the service worker.
  'background.ping': { target: 'background', req: empty },
  'background.ensureOffscreen': { target: 'background', req: empty },
  'background.readTab': {
    target: 'background',
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
  'background.currentPage': { target: 'background', req: empty },
  'background.takeIntent': { target: 'background', req: empty },
  // Answered by the offscreen document.
  'offscreen.ping': { target: 'offscreen', req: empty },
  'offscreen.engineStatus': { target: 'offscreen', req: empty },
  'offscreen.engineLoad': {
    target: 'offscreen',
    req: v.object({ engine: v.optional(v.string()), modelId: v.optional(v.string()) }),
  },
  'offscreen.engineUnload': { target: 'offscreen', req: empty },
  'offscreen.engineProbe': { target: 'offscreen', req: empty },
  'offscreen.engineListCached': { target: 'offscreen', req: empty },
  'offscreen.engineDeleteCached': { target: 'offscreen', req: v.object({ modelId: v.string() }) },
  'offscreen.engineTest': { target: 'offscreen', req: empty },
  'offscreen.engineCatalog': { target: 'offscreen', req: empty },
  /** Runs one query ("test") through a single provider built from saved settings and secrets. */
  'offscreen.searchTest': {
    target: 'offscreen',
    req: v.object({ provider: v.picklist(PROVIDER_IDS) }),
  },
  'offscreen.researchStart': {
    target: 'offscreen',
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
    }),
  },
  'offscreen.researchStop': { target: 'offscreen', req: sessionRef },
  'offscreen.researchAnswerNow': { target: 'offscreen', req: sessionRef },
  'offscreen.researchSteer': {
    target: 'offscreen',
    req: v.object({ sessionId: v.string(), note: v.pipe(v.string(), v.minLength(1), v.maxLength(4000)) }),
  },
  'offscreen.researchResume': { target: 'offscreen', req: sessionRef },
  'offscreen.researchRetryFrom': {
    target: 'offscreen',
    req: v.object({ sessionId: v.string(), seq: v.number() }),
  },
  'offscreen.researchActive': { target: 'offscreen', req: empty },
  'offscreen.settingsChanged': { target: 'offscreen', req: empty },
  'offscreen.announceIntent': { target: 'offscreen', req: empty },
} as const satisfies Record<
  string,
  { target: Exclude<ContextName, 'sidepanel' | 'options'>; req: v.GenericSchema }
>;

export type MessageType = keyof typeof messages;
export type Request<K extends MessageType> = v.InferOutput<(typeof messages)[K]['req']>;

export interface EngineStatus {
  engine: string;
  modelId: string | null;
  state: 'not-loaded' | 'loading' | 'ready' | 'error';
  progress?: { fraction: number; loadedBytes?: number; totalBytes?: number; text?: string };
  error?: { message: string; hint?: string };
  contextWindow?: number;
}

export interface WebGpuProbeResult {
  available: boolean;
  reason?: string;
  vendor?: string;
  architecture?: string;
  shaderF16?: boolean;
  maxBufferSize?: number;
}

/** A web-llm Qwen3 record as the options page shows it (no web-llm import needed there). */
export interface WebLlmCatalogItem {
  id: string;
  size: string;
  quantization: string;
  vramMB: number;
  approxDownloadBytes: number;
}

export interface EngineCatalog {
  webllm: WebLlmCatalogItem[];
  gguf: GgufCatalogEntry[];
  /** What "Auto" picks on this GPU (chooseModel), or null when nothing can run. */
  recommended: string | null;
  reason: string;
}

export interface ReadTabResult {
  ok: boolean;
  url: string;
  finalUrl: string;
  title: string;
  markdown: string;
  links: { url: string; text: string }[];
  byline?: string;
  lang?: string;
  publishedTime?: string;
  siteName?: string;
  /** How the page was read: an already-open tab, a new background tab, or a direct fetch (PDF). */
  via: 'open-tab' | 'new-tab' | 'fetch';
  partial?: boolean;
  reason?: string;
}

export interface PageContent {
  url: string;
  title: string;
  markdown: string;
  selection?: string;
}

/** What the context menu or keyboard command hands to the side panel it opens. */
export interface ResearchIntent extends PageContent {
  kind: 'page' | 'selection';
}

export interface Responses {
  'background.ping': { context: 'background'; version: string; startedAt: number };
  'background.ensureOffscreen': { created: boolean };
  'background.readTab': ReadTabResult;
  'background.currentPage': PageContent | null;
  'background.takeIntent': ResearchIntent | null;
  'offscreen.ping': { context: 'offscreen'; startedAt: number; engine: EngineStatus };
  'offscreen.engineStatus': EngineStatus;
  'offscreen.engineLoad': EngineStatus;
  'offscreen.engineUnload': EngineStatus;
  'offscreen.engineProbe': WebGpuProbeResult;
  'offscreen.engineListCached': { modelId: string; bytes?: number }[];
  'offscreen.engineDeleteCached': { deleted: boolean };
  'offscreen.engineTest': { ok: boolean; message: string };
  'offscreen.engineCatalog': EngineCatalog;
  'offscreen.searchTest': { ok: boolean; message: string; count?: number };
  'offscreen.researchStart': { sessionId: string };
  'offscreen.researchStop': { stopped: boolean };
  'offscreen.researchAnswerNow': { accepted: boolean };
  'offscreen.researchSteer': { accepted: boolean };
  'offscreen.researchResume': { sessionId: string };
  'offscreen.researchRetryFrom': { sessionId: string };
  'offscreen.researchActive': { sessionIds: string[] };
  'offscreen.settingsChanged': { ok: true };
  'offscreen.announceIntent': { ok: true };
}

export type Response<K extends MessageType> = Responses[K];

// Compile-time: every message has a response type and every response type has a message.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _inStep: Same<MessageType, keyof Responses> = true;
void _inStep;

export function isMessageType(t: string): t is MessageType {
  return Object.hasOwn(messages, t);
}
