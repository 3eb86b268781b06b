import { isAbortError } from '../llm/abort';
import { prefillTokens } from './budget';
import { NO_FOLD, renderConversation } from './conversation';
import { findDuplicate } from './dedup';
import type { AgentDeps } from './deps';
import { type Fitted, fitRequest } from './loop-fit';
import {
  engineFailure,
  finishRun,
  type LoopRun,
  type LoopState,
  openRun,
  type ResearchInput,
  type RunOptions,
  turnStep,
} from './loop-run';
import { sampleTurn } from './loop-step';
import { addTurnNotes, executeStep } from './loop-tools';
import { toolCallOf } from './parse';
import { restoreSteps } from './resume';
import { replyLimit } from './settings';
import { computeStats } from './stats';
import { afterTurn, forcedAfterTool, mustAnswer, pastStepLimit, type Spent } from './stop-rule';
import type { AgentStep, ResearchResult, ResearchStatus, ToolCall } from './types';

type Ending = { status: ResearchStatus; error?: ResearchResult['error'] };

/**
 * The research loop: ask the model, run its tool, append the `<tool_response>`, until it answers or
 * a limit forces the answer (agent/stop-rule.ts). History is append-only between folds and holds the
 * engine's raw text.
 */
export async function runResearch(
  deps: AgentDeps,
  input: ResearchInput,
  opts: RunOptions = {},
): Promise<ResearchResult> {
  const run = openRun(deps, input, opts);
  const restored = restoreSteps(input.resume?.steps ?? []);
  const state: LoopState = {
    steps: typeof restored === 'string' ? [] : restored.steps,
    fold: NO_FOLD,
    forceNext: false,
    forced: false,
    held: null,
  };
  const finish = (status: ResearchStatus, error: ResearchResult['error'] = null) =>
    finishRun(run, state, status, error);
  if (typeof restored === 'string')
    return finish('error', {
      code: 'invalid-resume',
      message: restored,
      info: { code: 'invalid-resume', params: { detail: restored } },
    });
  run.emit({
    type: 'start',
    runId: deps.newId?.() ?? String(run.clock()),
    systemPrompt: run.systemPrompt,
    question: input.question,
    resumedAt: state.steps.length,
  });
  state.fold = restored.fold;
  state.forceNext = restored.forceNext;
  try {
    if (restored.finished) {
      state.forced = restored.forceNext;
      return finish(state.steps[state.steps.length - 1]?.action.kind === 'answer' ? 'answered' : 'no-answer');
    }
    if (restored.pending) await completeTool(run, state, restored.pending);
    for (;;) {
      const end = await researchStep(run, state);
      if (end) return finish(end.status, end.error ?? null);
    }
  } catch (err) {
    if (run.signal.aborted || isAbortError(err)) return finish('aborted');
    return finish('error', engineFailure(err));
  }
}

/** One turn: fit the request, sample the model, then end the run or run the turn's tool. */
async function researchStep(run: LoopRun, state: LoopState): Promise<Ending | null> {
  if (run.signal.aborted) return { status: 'aborted' };
  const seq = state.steps.length;
  if (pastStepLimit(seq, run.limits)) {
    return {
      status: 'no-answer',
      error: {
        code: 'no-answer',
        message: 'The step limit was reached without an answer.',
        info: { code: 'step-limit', params: { maxSteps: run.settings.maxSteps } },
      },
    };
  }
  const { base, budget, settings, digest, meter } = run;
  // No-fold: the newest result already gave way to the request for the answer; it may use the
  // room one reply was kept for (the step that filled the window spent part of it).
  const answerRequest = state.forceNext && !run.folds;
  const { steps, fold } = state;
  const fit = await fitRequest({ base, steps, fold, budget, settings, digest, meter, answerRequest });
  if (!fit) {
    const message = `The context window (${budget.window} tokens) cannot hold the question and the system prompt.`;
    const info = { code: 'context-too-small' as const, params: { window: budget.window } };
    return { status: 'error', error: { code: 'context-too-small', message, info } };
  }
  if (fit.folded) {
    run.emit({
      type: 'fold',
      seq,
      fold: fit.fold,
      beforeTokens: fit.beforeTokens,
      afterTokens: fit.promptTokens,
    });
    state.fold = fit.fold;
  }
  const step = await takeTurn(run, state, seq, fit, answerRequest);
  state.steps.push(step);
  run.emit({ type: 'step-started', step: structuredClone(step) });
  await run.opts.beforeTool?.(structuredClone(step));
  if (run.signal.aborted) return { status: 'aborted' };
  const next = afterTurn(step.action.kind, seq, state.forceNext, run.limits);
  if (next === 'run-tool') {
    await completeTool(run, state, step);
    return null;
  }
  step.status = 'done';
  step.finishedAt = run.clock();
  run.emit({ type: 'step-done', step: structuredClone(step) });
  if (next === 'answered') return { status: 'answered' };
  return {
    status: 'no-answer',
    error: {
      code: 'no-answer',
      message: 'The final turn did not give an answer.',
      info: { code: 'no-final-answer', params: {} },
    },
  };
}

/** Samples the model for step `seq` and records the turn (its tool has not run yet). */
async function takeTurn(
  run: LoopRun,
  state: LoopState,
  seq: number,
  fit: Fitted,
  answerRequest: boolean,
): Promise<AgentStep> {
  const { settings, meter, clock } = run;
  const { messages, promptTokens } = fit;
  const prefill = await prefillTokens(meter, state.held, messages);
  run.emit({ type: 'request', seq, attempt: 1, promptTokens, prefillTokens: prefill });
  const startedAt = clock();
  const sample = await sampleTurn({
    engine: run.deps.engine,
    messages,
    maxTokens: answerRequest
      ? Math.min(replyLimit(settings, run.budget, promptTokens), run.budget.window - promptTokens)
      : replyLimit(settings, run.budget, promptTokens),
    temperature: settings.temperature,
    topP: settings.topP,
    ...(settings.topK !== undefined ? { topK: settings.topK } : {}),
    ...(settings.presencePenalty !== undefined ? { presencePenalty: settings.presencePenalty } : {}),
    ...(settings.generationPrefix ? { prefix: settings.generationPrefix } : {}),
    ...(settings.seed ? { seed: settings.seed } : {}),
    signal: run.signal,
    seq,
    maxRetries: settings.maxRetries,
    requireAnswer: mustAnswer(seq, state.forceNext, run.limits),
    ...(run.resample ? { isRepeat: (call: ToolCall) => findDuplicate(state.steps, call) !== null } : {}),
    meter,
    emit: run.emit,
  });
  meter.correct(promptTokens, sample.reportedPromptTokens);
  state.held = [...messages, { role: 'assistant', content: sample.raw }];
  state.forced = state.forceNext;
  const turn = { seq, fold: state.fold, folded: fit.folded, startedAt, promptTokens, prefill };
  return turnStep(turn, sample, toolCallOf(sample.parsed.action), clock() - startedAt);
}

/** Runs the step's tool, adds the notes for the next turn and settles whether that turn is forced. */
async function completeTool(run: LoopRun, state: LoopState, step: AgentStep): Promise<void> {
  const { texts, settings } = run;
  await executeStep(step, state.steps.slice(0, step.seq), run.deps.tools, {
    signal: run.signal,
    question: run.input.question,
    emit: run.emit,
    texts,
    rerunDuplicates: run.resample,
    searchErrorField: settings.searchErrorField,
  });
  const noted = addTurnNotes(step, run.opts.control, run.limits, spent(run, state, step), texts.forceAnswer);
  const windowFull = !run.folds && (await overflows(run, state, step));
  if (windowFull) {
    // No-fold policy (what the DR-Venus reference does): the window is full, so this result
    // gives way to the request for one final answer instead of shortening the history.
    step.notes.push({ kind: 'context-limit', text: texts.contextLimit });
  }
  state.forceNext = forcedAfterTool(noted, windowFull);
  step.status = 'done';
  step.finishedAt = run.clock();
  run.emit({ type: 'step-done', step: structuredClone(step) });
  run.emit({ type: 'stats', stats: computeStats(state.steps) });
}

/** Prefilled plus generated tokens so far, and the time over every step including this one. */
function spent(run: LoopRun, state: LoopState, current: AgentStep): Spent {
  const s = computeStats(state.steps);
  return { tokens: s.prefillTokens + s.tokensOut, ms: s.elapsedMs + (run.clock() - current.startedAt) };
}

/**
 * No-fold policy: whether the conversation with this step's result leaves less than one reply's
 * room (the request it makes would not fit). The request for the answer that takes the result's
 * place is shorter; should this step's own reply have pushed even that past the budget, the
 * forced request is folded once (loop-fit.ts) rather than sent too long.
 */
async function overflows(run: LoopRun, state: LoopState, step: AgentStep): Promise<boolean> {
  const next = renderConversation(
    run.base,
    [...state.steps.slice(0, step.seq), step],
    state.fold,
    run.digest,
  );
  return (await run.meter.prompt(next)) > run.budget.promptBudget;
}
