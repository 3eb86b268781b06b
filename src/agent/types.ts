import type { RunError } from '../errors/run-error';
/**
 * Records and events of a research run. `AgentStep` is what a store persists (write-ahead: once
 * with status 'pending' before the tool runs, again when 'done'); `resume` rebuilds the exact
 * conversation from these records alone.
 */

import type { StepResult } from './step-result';

export type ToolName = 'search' | 'visit';

export type SearchArgs = { query: string[] };
export type VisitArgs = { url: string[]; goal: string };

/** A tool call exactly as parsed: unknown keys dropped, strings wrapped into arrays. */
export type ToolCall = { name: 'search'; arguments: SearchArgs } | { name: 'visit'; arguments: VisitArgs };

export type ParseFailureReason =
  | 'empty'
  | 'no-action'
  | 'bad-json'
  | 'unknown-tool'
  | 'bad-arguments'
  | 'empty-answer';

export type AgentAction =
  | { kind: 'search'; query: string[] }
  | { kind: 'visit'; url: string[]; goal: string }
  | { kind: 'answer'; text: string }
  | { kind: 'invalid'; reason: ParseFailureReason; message: string };

export interface ParsedTurn {
  think: string;
  action: AgentAction;
  /** What the parser had to fix, e.g. 'missing-think-open', 'json5', 'cut-tool-response'. */
  repairs: string[];
}

/** Which earlier steps are shown as digests (seq < digestBefore) or left out (seq < dropBefore). */
export interface FoldPoint {
  digestBefore: number;
  dropBefore: number;
}

/**
 * `context-limit` (no-fold policy): the window was full, so the note takes the result's place;
 * `dropped` is never stored: a render adds it after a fold left steps out.
 */
export type StepNoteKind = 'duplicate' | 'steer' | 'force-answer' | 'format' | 'context-limit' | 'dropped';

/** Why a `force-answer` note asked for the answer: the user's "Answer now", the step limit, or the budget. */
export type ForceCause = 'answer-now' | 'step-limit' | 'budget';

/** Text appended inside a step's `<tool_response>` after the observation. */
export interface StepNote {
  kind: StepNoteKind;
  text: string;
  /** `force-answer` only, so the answer can name its one cause (absent in runs saved before it). */
  cause?: ForceCause;
}

export interface StepTokens {
  /** Prompt tokens of the request that produced this step. */
  prompt: number;
  /** Tokens generated, over every attempt (discarded samples cost time too). */
  completion: number;
  /** Tokens of the kept reply. */
  reply: number;
  /** Prompt tokens the engine had to prefill, assuming it reuses the longest common prefix. */
  prefill: number;
  /** Decode speed of the kept reply, where the engine reports it. */
  decodeTokensPerSecond?: number;
  /** Wall time of the model turn (every attempt), in milliseconds. */
  modelMs?: number;
  /** Prompt tokens as the engine counted them, where it reports them. */
  enginePrompt?: number;
  /**
   * Prompt tokens the engine itself says it evaluated for the kept reply (llama.cpp's
   * `timings.prompt_n`; the rest it took from its KV cache), where it reports them.
   */
  enginePrefill?: number;
}

export interface AgentStep {
  seq: number;
  status: 'pending' | 'done';
  /** The engine's raw output, appended to history unchanged so the engine's KV cache stays valid. */
  raw: string;
  think: string;
  action: AgentAction;
  call: ToolCall | null;
  /** Body of the `<tool_response>` (without notes); null for an answer or before the tool ran. */
  observation: string | null;
  /**
   * What the tool returned, as data: the observation is built from it. Null before the tool ran,
   * for answers and format errors, and for steps that carry only text (imported or replayed
   * trajectories, steps saved by older builds); `readStepResult` reads those from the text.
   */
  result: StepResult | null;
  notes: StepNote[];
  /** Seq of the earlier identical call whose observation was reused. */
  duplicateOf: number | null;
  /** Pages actually read in this step (visit frames that succeeded). */
  sources: Array<{ url: string; title: string }>;
  /** Fold in effect when this step's request was sent. */
  fold: FoldPoint;
  /** True when the fold changed right before this step's request. */
  folded: boolean;
  /** Samples drawn for this turn (1 + re-samples). */
  attempts: number;
  /** Sampling seed of the kept reply, when the run was seeded (settings.seed). */
  seed?: number;
  startedAt: number;
  finishedAt: number | null;
  tokens: StepTokens;
}

export interface AgentStats {
  steps: number;
  searches: number;
  visits: number;
  /** visits ÷ tool calls (0 when no tool ran). */
  browseShare: number;
  duplicates: number;
  retries: number;
  parseFailures: number;
  folds: number;
  tokensIn: number;
  tokensOut: number;
  prefillTokens: number;
  peakContextTokens: number;
  /** Size of the conversation after the last reply. */
  contextTokens: number;
  elapsedMs: number;
}

/** One sentence of an answer, or one clause of a long one; concatenated they give the answer back. */
export interface CitedSentence {
  text: string;
  citations: number[];
  supported: boolean;
  /** A heading or list label: never cited, never marked unsupported. */
  heading?: boolean;
  /** For each citation, the words of that page that support this text. */
  quotes?: string[];
}

export interface CitedAnswer {
  sentences: CitedSentence[];
  sources: Array<{ n: number; url: string; title: string }>;
}

export type RetryReason = 'parse' | 'repetition' | 'empty' | 'duplicate' | 'stalled';

export type AgentErrorCode =
  | 'tool-failed'
  | 'engine-failed'
  | 'context-too-small'
  | 'no-answer'
  | 'invalid-resume'
  /** Every search of the run failed (set by the runner, which sees the whole run). */
  | 'search-failed';

export type AgentEvent =
  | { type: 'start'; runId: string; systemPrompt: string; question: string; resumedAt: number }
  | { type: 'request'; seq: number; attempt: number; promptTokens: number; prefillTokens: number }
  | { type: 'delta'; seq: number; attempt: number; text: string; phase: 'think' | 'action' }
  | { type: 'retry'; seq: number; attempt: number; reason: RetryReason; detail: string }
  | { type: 'fold'; seq: number; fold: FoldPoint; beforeTokens: number; afterTokens: number }
  /** Write-ahead: raw model text and parsed action, before the tool runs. */
  | { type: 'step-started'; step: AgentStep }
  /** The observation is attached; the step is final. */
  | { type: 'step-done'; step: AgentStep }
  | { type: 'answer'; text: string; forced: boolean; citations: CitedAnswer }
  /** `message` is English for logs and old readers; the panel words `error` when it is there. */
  | { type: 'error'; code: AgentErrorCode; message: string; fatal: boolean; error?: RunError }
  | { type: 'stats'; stats: AgentStats };

export type ResearchStatus = 'answered' | 'no-answer' | 'aborted' | 'error';

export interface ResearchResult {
  status: ResearchStatus;
  answer: string | null;
  /** True when the answer came from a forced final turn (step limit, budget, "answer now"). */
  forced: boolean;
  citations: CitedAnswer | null;
  steps: AgentStep[];
  stats: AgentStats;
  systemPrompt: string;
  error: { code: AgentErrorCode; message: string; engineCode?: string; info?: RunError } | null;
}
