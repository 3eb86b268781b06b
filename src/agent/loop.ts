import { runErrorOf } from '../errors/run-error';
import { isAbortError } from '../llm/abort';
import type { ChatMessage } from '../llm/engine';
import { prefillTokens, TokenMeter } from './budget';
import { type ConversationBase, renderConversation } from './conversation';
import { findDuplicate } from './dedup';
import type { AgentDeps, ResearchControl } from './deps';
import type { DigestOptions } from './digest';
import { fitRequest } from './loop-fit';
import { sampleTurn } from './loop-step';
import { addTurnNotes, executeStep } from './loop-tools';
import { toolCallOf } from './parse';
import { buildSystemPrompt, formatDate } from './prompt';
import { collectReadPages } from './read-pages';
import { restoreSteps } from './resume';
import { type AgentSettings, foldsWhenFull, replyLimit, resolveBudget, withDefaults } from './settings';
import { computeStats } from './stats';
import type { AgentEvent, AgentStep, ResearchResult, ResearchStatus, ToolCall } from './types';

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

/**
 * The research loop: ask the model, run its tool, append the `<tool_response>`, until it answers or
 * a limit forces the answer. History is append-only between folds and holds the engine's raw text.
 */
export async function runResearch(
  deps: AgentDeps,
  input: ResearchInput,
  opts: RunOptions = {},
): Promise<ResearchResult> {
  const clock = deps.clock ?? Date.now;
  const signal = opts.signal ?? new AbortController().signal;
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
  const base: ConversationBase = { systemPrompt, question: input.question };
  const digest: DigestOptions = {
    style: settings.digestStyle,
    hitsPerQuery: settings.digestHits,
    texts,
    searchErrorField: settings.searchErrorField,
  };
  const folds = foldsWhenFull(settings, budget.window);
  const resample = settings.duplicatePolicy === 'resample';
  const engineCount = deps.engine.countTokens?.bind(deps.engine);
  const meter = TokenMeter.from(deps.tokenizer, engineCount);

  const restored = restoreSteps(input.resume?.steps ?? []);
  const steps: AgentStep[] = typeof restored === 'string' ? [] : restored.steps;
  const finish = (status: ResearchStatus, error: ResearchResult['error'] = null) => {
    const stats = computeStats(steps);
    emit({ type: 'stats', stats });
    const last = steps[steps.length - 1];
    const answer = status === 'answered' && last?.action.kind === 'answer' ? last.action.text : null;
    const citations = answer === null ? null : deps.cite(answer, collectReadPages(steps));
    if (answer !== null && citations) emit({ type: 'answer', text: answer, forced, citations });
    if (error) {
      const { code, message, info } = error;
      emit({ type: 'error', code, message, fatal: status === 'error', ...(info ? { error: info } : {}) });
    }
    return { status, answer, forced, citations, steps, stats, systemPrompt, error };
  };
  let forced = false;
  if (typeof restored === 'string')
    return finish('error', {
      code: 'invalid-resume',
      message: restored,
      info: { code: 'invalid-resume', params: { detail: restored } },
    });
  emit({
    type: 'start',
    runId: deps.newId?.() ?? String(clock()),
    systemPrompt,
    question: input.question,
    resumedAt: steps.length,
  });

  let fold = restored.fold;
  let forceNext = restored.forceNext;
  let held: ChatMessage[] | null = null;
  const limits = {
    maxSteps: settings.maxSteps,
    tokenBudget: settings.tokenBudget,
    timeBudgetMs: settings.timeBudgetMs,
  };
  // Compute spent so far: prefilled plus generated tokens, and time over every step including this one.
  const spent = (current: AgentStep) => {
    const s = computeStats(steps);
    return { tokens: s.prefillTokens + s.tokensOut, ms: s.elapsedMs + (clock() - current.startedAt) };
  };

  /**
   * No-fold policy: whether the conversation with this step's result leaves less than one reply's
   * room (the request it makes would not fit). The request for the answer that takes the result's
   * place is shorter; should this step's own reply have pushed even that past the budget, the
   * forced request is folded once (loop-fit.ts) rather than sent too long.
   */
  const overflows = async (step: AgentStep): Promise<boolean> => {
    const next = renderConversation(base, [...steps.slice(0, step.seq), step], fold, digest);
    return (await meter.prompt(next)) > budget.promptBudget;
  };

  const completeTool = async (step: AgentStep): Promise<void> => {
    await executeStep(step, steps.slice(0, step.seq), deps.tools, {
      signal,
      question: input.question,
      emit,
      texts,
      rerunDuplicates: resample,
      searchErrorField: settings.searchErrorField,
    });
    forceNext = addTurnNotes(step, opts.control, limits, spent(step), texts.forceAnswer);
    if (!folds && (await overflows(step))) {
      // No-fold policy (what the DR-Venus reference does): the window is full, so this result
      // gives way to the request for one final answer instead of shortening the history.
      step.notes.push({ kind: 'context-limit', text: texts.contextLimit });
      forceNext = true;
    }
    step.status = 'done';
    step.finishedAt = clock();
    emit({ type: 'step-done', step: structuredClone(step) });
    emit({ type: 'stats', stats: computeStats(steps) });
  };

  try {
    if (restored.finished) {
      forced = restored.forceNext;
      return finish(steps[steps.length - 1]?.action.kind === 'answer' ? 'answered' : 'no-answer');
    }
    if (restored.pending) await completeTool(restored.pending);
    for (;;) {
      if (signal.aborted) return finish('aborted');
      const seq = steps.length;
      if (seq >= settings.maxSteps)
        return finish('no-answer', {
          code: 'no-answer',
          message: 'The step limit was reached without an answer.',
          info: { code: 'step-limit', params: { maxSteps: settings.maxSteps } },
        });
      // No-fold: the newest result already gave way to the request for the answer; it may use the
      // room one reply was kept for (the step that filled the window spent part of it).
      const answerRequest = forceNext && !folds;
      const fit = await fitRequest({ base, steps, fold, budget, settings, digest, meter, answerRequest });
      if (!fit) {
        const message = `The context window (${budget.window} tokens) cannot hold the question and the system prompt.`;
        return finish('error', {
          code: 'context-too-small',
          message,
          info: { code: 'context-too-small', params: { window: budget.window } },
        });
      }
      const { messages, promptTokens, folded } = fit;
      if (folded) {
        emit({
          type: 'fold',
          seq,
          fold: fit.fold,
          beforeTokens: fit.beforeTokens,
          afterTokens: promptTokens,
        });
        fold = fit.fold;
      }
      const prefill = await prefillTokens(meter, held, messages);
      emit({ type: 'request', seq, attempt: 1, promptTokens, prefillTokens: prefill });
      const startedAt = clock();
      const sample = await sampleTurn({
        engine: deps.engine,
        messages,
        maxTokens: answerRequest
          ? Math.min(replyLimit(settings, budget, promptTokens), budget.window - promptTokens)
          : replyLimit(settings, budget, promptTokens),
        temperature: settings.temperature,
        topP: settings.topP,
        ...(settings.topK !== undefined ? { topK: settings.topK } : {}),
        ...(settings.presencePenalty !== undefined ? { presencePenalty: settings.presencePenalty } : {}),
        ...(settings.generationPrefix ? { prefix: settings.generationPrefix } : {}),
        ...(settings.seed ? { seed: settings.seed } : {}),
        signal,
        seq,
        maxRetries: settings.maxRetries,
        requireAnswer: forceNext || seq + 1 >= settings.maxSteps,
        ...(resample ? { isRepeat: (call: ToolCall) => findDuplicate(steps, call) !== null } : {}),
        meter,
        emit,
      });
      meter.correct(promptTokens, sample.reportedPromptTokens);
      held = [...messages, { role: 'assistant', content: sample.raw }];
      forced = forceNext;
      const step: AgentStep = {
        seq,
        status: 'pending',
        raw: sample.raw,
        think: sample.parsed.think,
        action: sample.parsed.action,
        call: toolCallOf(sample.parsed.action),
        observation: null,
        result: null,
        notes: [],
        duplicateOf: null,
        sources: [],
        fold,
        folded,
        attempts: sample.attempts,
        ...(sample.seed !== undefined ? { seed: sample.seed } : {}),
        startedAt,
        finishedAt: null,
        tokens: {
          prompt: promptTokens,
          completion: sample.completionTokens,
          reply: sample.replyTokens,
          prefill,
          modelMs: clock() - startedAt,
          ...(sample.reportedPromptTokens !== undefined ? { enginePrompt: sample.reportedPromptTokens } : {}),
          ...(sample.reportedPrefillTokens !== undefined
            ? { enginePrefill: sample.reportedPrefillTokens }
            : {}),
          ...(sample.decodeTokensPerSecond !== undefined
            ? { decodeTokensPerSecond: sample.decodeTokensPerSecond }
            : {}),
        },
      };
      steps.push(step);
      emit({ type: 'step-started', step: structuredClone(step) });
      await opts.beforeTool?.(structuredClone(step));
      if (signal.aborted) return finish('aborted');
      if (step.action.kind === 'answer' || forceNext || seq + 1 >= settings.maxSteps) {
        step.status = 'done';
        step.finishedAt = clock();
        emit({ type: 'step-done', step: structuredClone(step) });
        if (step.action.kind === 'answer') return finish('answered');
        return finish('no-answer', {
          code: 'no-answer',
          message: 'The final turn did not give an answer.',
          info: { code: 'no-final-answer', params: {} },
        });
      }
      await completeTool(step);
    }
  } catch (err) {
    if (signal.aborted || isAbortError(err)) return finish('aborted');
    const e = err as { message?: unknown; hint?: unknown; code?: unknown };
    const message = [
      err instanceof Error ? err.message : String(err),
      typeof e.hint === 'string' ? e.hint : '',
    ]
      .filter(Boolean)
      .join(' ');
    // The engine's own code (e.g. 'device-lost') lets the caller pause instead of failing the run.
    return finish('error', {
      code: 'engine-failed',
      message,
      info: runErrorOf(err) ?? { code: 'engine-failed', params: { detail: message } },
      ...(typeof e.code === 'string' ? { engineCode: e.code } : {}),
    });
  }
}
