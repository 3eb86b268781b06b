import { runErrorOf } from '../errors/run-error';
import type { ChatMessage } from '../llm/engine';
import type { PromptTexts } from '../profiles/prompt-texts';
import { TokenMeter } from './budget';
import type { ConversationBase } from './conversation';
import type { AgentDeps, ResearchControl } from './deps';
import type { DigestOptions } from './digest';
import type { SampleResult } from './loop-step';
import { buildSystemPrompt, formatDate } from './prompt';
import { collectReadPages } from './read-pages';
import {
  type AgentSettings,
  foldsWhenFull,
  type ResolvedBudget,
  resolveBudget,
  withDefaults,
} from './settings';
import { computeStats } from './stats';
import type { StopLimits } from './stop-rule';
import type { AgentEvent, AgentStep, FoldPoint, ResearchResult, ResearchStatus } from './types';

export interface ResearchInput {
  question: string;
  settings?: Partial<AgentSettings>;
  /** Continue a stored run: its system prompt (it holds the date) and its steps. */
  resume?: { systemPrompt: string; steps: readonly AgentStep[] };
}

export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
  control?: ResearchControl;
  /**
   * Awaited after `step-started` and before the step's tool runs, so a caller can make the step
   * durable first (write-ahead): a crash during the tool then leaves a record to resume from.
   */
  beforeTool?: (step: AgentStep) => Promise<void>;
}

/** What a run fixes when it starts: its settings, budget, texts and the means to meter and report. */
export interface LoopRun {
  deps: AgentDeps;
  input: ResearchInput;
  opts: RunOptions;
  clock: () => number;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  settings: AgentSettings;
  budget: ResolvedBudget;
  texts: PromptTexts;
  systemPrompt: string;
  base: ConversationBase;
  digest: DigestOptions;
  limits: StopLimits;
  /** The fold policy lets the history shorten when the window is full. */
  folds: boolean;
  resample: boolean;
  meter: TokenMeter;
}

/** What changes from turn to turn. */
export interface LoopState {
  steps: AgentStep[];
  fold: FoldPoint;
  /** The next turn must give the answer. */
  forceNext: boolean;
  /** The latest turn was a forced one (the answer event and result say so). */
  forced: boolean;
  /** The last request and reply, for the prefill count of the next one. */
  held: ChatMessage[] | null;
}

export function openRun(deps: AgentDeps, input: ResearchInput, opts: RunOptions): LoopRun {
  const clock = deps.clock ?? Date.now;
  const emit = (event: AgentEvent) => {
    try {
      opts.onEvent?.(event);
    } catch {
      // A failing listener (UI, store) must not break the research run.
    }
  };
  const settings = withDefaults(input.settings);
  const budget = resolveBudget(settings, deps.engine.info().contextWindow);
  const texts = settings.prompts;
  const systemPrompt =
    input.resume?.systemPrompt ??
    buildSystemPrompt({
      date: settings.date ?? formatDate(clock()),
      text: texts.system,
      ...(settings.systemPrompt ? { custom: settings.systemPrompt } : {}),
    });
  const engineCount = deps.engine.countTokens?.bind(deps.engine);
  return {
    deps,
    input,
    opts,
    clock,
    signal: opts.signal ?? new AbortController().signal,
    emit,
    settings,
    budget,
    texts,
    systemPrompt,
    base: { systemPrompt, question: input.question },
    digest: {
      style: settings.digestStyle,
      hitsPerQuery: settings.digestHits,
      texts,
      searchErrorField: settings.searchErrorField,
    },
    limits: {
      maxSteps: settings.maxSteps,
      tokenBudget: settings.tokenBudget,
      timeBudgetMs: settings.timeBudgetMs,
    },
    folds: foldsWhenFull(settings, budget.window),
    resample: settings.duplicatePolicy === 'resample',
    meter: TokenMeter.from(deps.tokenizer, engineCount),
  };
}

/** The run's result and its closing events: stats, the cited answer when there is one, the error. */
export function finishRun(
  run: LoopRun,
  state: LoopState,
  status: ResearchStatus,
  error: ResearchResult['error'] = null,
): ResearchResult {
  const { steps, forced } = state;
  const stats = computeStats(steps);
  run.emit({ type: 'stats', stats });
  const last = steps[steps.length - 1];
  const answer = status === 'answered' && last?.action.kind === 'answer' ? last.action.text : null;
  const citations = answer === null ? null : run.deps.cite(answer, collectReadPages(steps));
  if (answer !== null && citations) run.emit({ type: 'answer', text: answer, forced, citations });
  if (error) {
    const { code, message, info } = error;
    run.emit({ type: 'error', code, message, fatal: status === 'error', ...(info ? { error: info } : {}) });
  }
  return { status, answer, forced, citations, steps, stats, systemPrompt: run.systemPrompt, error };
}

/** The record of one sampled turn, before its tool runs. */
export function turnStep(
  t: {
    seq: number;
    fold: FoldPoint;
    folded: boolean;
    startedAt: number;
    promptTokens: number;
    prefill: number;
  },
  sample: SampleResult,
  call: AgentStep['call'],
  modelMs: number,
): AgentStep {
  return {
    seq: t.seq,
    status: 'pending',
    raw: sample.raw,
    think: sample.parsed.think,
    action: sample.parsed.action,
    call,
    observation: null,
    result: null,
    notes: [],
    duplicateOf: null,
    sources: [],
    fold: t.fold,
    folded: t.folded,
    attempts: sample.attempts,
    ...(sample.seed !== undefined ? { seed: sample.seed } : {}),
    startedAt: t.startedAt,
    finishedAt: null,
    tokens: {
      prompt: t.promptTokens,
      completion: sample.completionTokens,
      reply: sample.replyTokens,
      prefill: t.prefill,
      modelMs,
      ...(sample.reportedPromptTokens !== undefined ? { enginePrompt: sample.reportedPromptTokens } : {}),
      ...(sample.reportedPrefillTokens !== undefined ? { enginePrefill: sample.reportedPrefillTokens } : {}),
      ...(sample.decodeTokensPerSecond !== undefined
        ? { decodeTokensPerSecond: sample.decodeTokensPerSecond }
        : {}),
    },
  };
}

/** A thrown engine error as the run's error; the engine's own code (e.g. 'device-lost') lets the caller pause. */
export function engineFailure(err: unknown): NonNullable<ResearchResult['error']> {
  const e = err as { message?: unknown; hint?: unknown; code?: unknown };
  const message = [err instanceof Error ? err.message : String(err), typeof e.hint === 'string' ? e.hint : '']
    .filter(Boolean)
    .join(' ');
  return {
    code: 'engine-failed',
    message,
    info: runErrorOf(err) ?? { code: 'engine-failed', params: { detail: message } },
    ...(typeof e.code === 'string' ? { engineCode: e.code } : {}),
  };
}
