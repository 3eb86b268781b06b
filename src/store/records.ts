import type { JsonValue } from './json';

export type SessionOrigin = 'ask' | 'page' | 'selection' | 'import';
export type SessionStatus = 'running' | 'paused' | 'done' | 'error' | 'stopped';

export interface SessionRecord {
  id: string;
  question: string;
  origin: SessionOrigin;
  originUrl?: string;
  originTitle?: string;
  status: SessionStatus;
  createdAt: number;
  updatedAt: number;
  model?: string;
  engine?: string;
  /** Snapshot of the settings the run started with, so a resumed run behaves the same. */
  settings: JsonValue;
  answer?: string;
  citations?: JsonValue;
  stats?: JsonValue;
  error?: string;
  /** What kind of failure `error` is (an AgentErrorCode such as 'search-failed'), when known. */
  errorCode?: string;
  /** The error as `{ code, params }` (a RunError, checked when read: see readRunError). */
  errorInfo?: JsonValue;
  /** Imported sessions are shown but never resumed or edited. */
  readOnly?: boolean;
  /** Set on the extra attempts of a several-attempt run: the session they vote for. */
  parentId?: string;
  /** Which attempt this is (2..N); the parent is attempt 1. */
  attempt?: number;
  /** The session this one follows up on (a follow-up question in the same thread). */
  followUpOf?: string;
  /**
   * The model turn a stop or failure cut off before it became a step (`{seq, think, action}`), so
   * the panel can still show what the model was thinking.
   */
  partialTurn?: JsonValue;
  /** Whether the run's context holds private text (see src/security/run-privacy.ts). */
  privacy?: 'public' | 'private';
  /** What a private run waits for the user to approve (`PendingApproval`), while it waits. */
  pendingApproval?: JsonValue;
  /** The user allowed the rest of this run to send what the model chooses. */
  allowRest?: boolean;
}

export type StepStatus = 'pending' | 'done';

export interface StepTokens {
  prompt?: number;
  completion?: number;
  prefill?: number;
}

export interface StepTimings {
  modelMs?: number;
  toolMs?: number;
}

export interface StepRecord {
  sessionId: string;
  seq: number;
  status: StepStatus;
  startedAt: number;
  finishedAt?: number;
  /** The model's raw output, byte for byte: KV-cache reuse depends on sending it back unchanged. */
  raw: string;
  think?: string;
  /** The parsed action; the agent owns its shape. */
  action: JsonValue;
  observation?: string;
  /** The tool's results as data (`StepResult`); absent on steps saved before results were kept. */
  result?: JsonValue;
  tokens?: StepTokens;
  timings?: StepTimings;
  error?: string;
}

export interface PageRecord {
  /** The page's `pageKey` (src/security/normalize-url.ts); the primary key. */
  url: string;
  finalUrl: string;
  title: string;
  fetchedAt: number;
  markdown: string;
  byline?: string;
  lang?: string;
  publishedTime?: string;
  siteName?: string;
  links?: JsonValue;
}

export interface SearchCacheRecord {
  key: string;
  hits: JsonValue;
  provider: string;
  createdAt: number;
  expiresAt: number;
}

export type SearchCacheEntry = Omit<SearchCacheRecord, 'key'>;
