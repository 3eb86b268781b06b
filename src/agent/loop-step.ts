import { abortError } from '../llm/abort';
import type { ChatEngine, ChatMessage, FinishReason } from '../llm/engine';
import type { TokenMeter } from './budget';
import { parseTurn, toolCallOf } from './parse';
import { findRepetition, RepetitionGuard } from './repetition';
import { requestSeed, type SeedBase } from './request-seed';
import type { AgentEvent, ParsedTurn, ToolCall } from './types';

/** The model sometimes writes the tool's reply itself; stopping there keeps it from hallucinating results. */
export const STOP_STRINGS = ['<tool_response>'];

const THINK_END = '</think>';

export interface SampleRequest {
  engine: ChatEngine;
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  /** Generation prefix (see ChatOptions.prefix). */
  prefix?: string;
  /** Seeds each sample of the turn with its own seed (see request-seed.ts). */
  seed?: SeedBase;
  signal: AbortSignal;
  seq: number;
  maxRetries: number;
  /** The forced final turn: anything but an answer is re-sampled like a parse failure. */
  requireAnswer: boolean;
  /** Duplicate policy `resample`: a call that repeats an earlier one is drawn again. */
  isRepeat?: (call: ToolCall) => boolean;
  meter: TokenMeter;
  emit: (e: AgentEvent) => void;
}

export interface SampleResult {
  raw: string;
  parsed: ParsedTurn;
  /** The kept sample still repeats an earlier call (every re-sample did too). */
  repeat: boolean;
  attempts: number;
  completionTokens: number;
  replyTokens: number;
  reportedPromptTokens: number | undefined;
  /** Prompt tokens the engine says it evaluated for the kept reply (the rest came from its cache). */
  reportedPrefillTokens: number | undefined;
  finishReason: FinishReason;
  decodeTokensPerSecond: number | undefined;
  /** The kept sample's seed, when seeded. */
  seed: number | undefined;
}

/**
 * One model turn: streams deltas, cuts degenerate repetition as it happens, and re-samples a turn
 * that cannot be parsed — at most `maxRetries` times; the last sample is returned either way.
 */
export async function sampleTurn(req: SampleRequest): Promise<SampleResult> {
  let completionTokens = 0;
  for (let attempt = 1; ; attempt++) {
    const one = await sampleOnce(req, attempt);
    completionTokens += one.completionTokens;
    const parsed = parseTurn(one.raw);
    const last = attempt > req.maxRetries;
    const kind = parsed.action.kind;
    const call = toolCallOf(parsed.action);
    const repeat = call !== null && (req.isRepeat?.(call) ?? false);
    const failure = one.repeated
      ? 'repetition'
      : kind === 'invalid'
        ? parsed.action.reason
        : req.requireAnswer && kind !== 'answer'
          ? 'not-answer'
          : repeat
            ? 'duplicate'
            : null;
    if (!failure || last) {
      return {
        raw: one.raw,
        parsed,
        repeat,
        attempts: attempt,
        completionTokens,
        replyTokens: one.completionTokens,
        reportedPromptTokens: one.reportedPromptTokens,
        reportedPrefillTokens: one.reportedPrefillTokens,
        finishReason: one.finishReason,
        decodeTokensPerSecond: one.decodeTokensPerSecond,
        seed: req.seed ? requestSeed(req.seed, req.seq, attempt) : undefined,
      };
    }
    const reason =
      failure === 'repetition' || failure === 'empty' || failure === 'duplicate' ? failure : 'parse';
    const detail =
      parsed.action.kind === 'invalid'
        ? parsed.action.message
        : failure === 'not-answer'
          ? 'a final answer was required'
          : failure === 'duplicate'
            ? 'the call repeats an earlier one'
            : 'degenerate repetition cut';
    req.emit({ type: 'retry', seq: req.seq, attempt, reason, detail });
  }
}

interface OneSample {
  raw: string;
  repeated: boolean;
  completionTokens: number;
  reportedPromptTokens: number | undefined;
  reportedPrefillTokens?: number;
  finishReason: FinishReason;
  decodeTokensPerSecond?: number;
}

async function sampleOnce(req: SampleRequest, attempt: number): Promise<OneSample> {
  if (req.signal.aborted) throw abortError(req.signal.reason);
  const inner = new AbortController();
  const relay = () => inner.abort(req.signal.reason);
  req.signal.addEventListener('abort', relay, { once: true });
  let guard = new RepetitionGuard();
  let streamed = '';
  let cutAt = -1;
  let thinking = true;
  // The number the panel shows for this reply; a stalled stream the engine retries counts as another.
  let shown = attempt;
  try {
    const result = await req.engine.chat(req.messages, {
      maxTokens: req.maxTokens,
      temperature: req.temperature,
      topP: req.topP,
      ...(req.topK !== undefined ? { topK: req.topK } : {}),
      ...(req.presencePenalty !== undefined ? { presencePenalty: req.presencePenalty } : {}),
      ...(req.prefix ? { prefix: req.prefix } : {}),
      ...(req.seed ? { seed: requestSeed(req.seed, req.seq, attempt) } : {}),
      stop: STOP_STRINGS,
      signal: inner.signal,
      onDelta: (delta) => {
        if (cutAt >= 0) return;
        const from = streamed.length;
        streamed += delta;
        // The end of the thinking may arrive inside a delta, or split over two ("</thi", "nk>\n<an"):
        // the part up to `</think>` is thought, the rest is the action.
        const end = thinking ? streamed.indexOf(THINK_END) : -1;
        const split = end < 0 ? (thinking ? delta.length : 0) : Math.max(0, end + THINK_END.length - from);
        if (end >= 0) thinking = false;
        const emit = (text: string, phase: 'think' | 'action') => {
          if (text) req.emit({ type: 'delta', seq: req.seq, attempt: shown, text, phase });
        };
        emit(delta.slice(0, split), 'think');
        emit(delta.slice(split), 'action');
        const at = guard.check(streamed);
        if (at >= 0) {
          cutAt = at;
          inner.abort('degenerate repetition');
        }
      },
      // The engine starts the reply over: what it streamed is dropped here and in the panel.
      onRestart: (why) => {
        req.emit({ type: 'retry', seq: req.seq, attempt: shown, reason: 'stalled', detail: why });
        shown += 1;
        streamed = '';
        thinking = true;
        guard = new RepetitionGuard();
      },
    });
    if (req.signal.aborted) throw abortError(req.signal.reason);
    if (cutAt >= 0) return await cutSample(req, streamed.slice(0, cutAt));
    // Engines that do not stream (or stream after the fact) get the same check on the whole text.
    const late = findRepetition(result.text);
    if (late >= 0) return await cutSample(req, result.text.slice(0, late));
    return {
      raw: result.text,
      repeated: false,
      completionTokens: result.usage.completionTokens || (await req.meter.text(result.text)),
      reportedPromptTokens: result.usage.promptTokens || undefined,
      ...(result.usage.prefillTokens !== undefined && Number.isFinite(result.usage.prefillTokens)
        ? { reportedPrefillTokens: result.usage.prefillTokens }
        : {}),
      finishReason: result.finishReason,
      ...(result.usage.decodeTokensPerSecond !== undefined
        ? { decodeTokensPerSecond: result.usage.decodeTokensPerSecond }
        : {}),
    };
  } catch (err) {
    if (req.signal.aborted) throw abortError(req.signal.reason);
    if (cutAt >= 0) return await cutSample(req, streamed.slice(0, cutAt));
    throw err;
  } finally {
    req.signal.removeEventListener('abort', relay);
  }
}

async function cutSample(req: SampleRequest, text: string): Promise<OneSample> {
  return {
    raw: text,
    repeated: true,
    completionTokens: await req.meter.text(text),
    reportedPromptTokens: undefined,
    finishReason: 'abort',
  };
}
