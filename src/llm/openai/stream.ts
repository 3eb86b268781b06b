import * as v from 'valibot';
import { type ChatMessage, type ChatUsage, EngineError, type FinishReason } from '../engine';
import { estimateTokens } from '../token-estimate';
import { type Chunk, ChunkSchema, describeIssue } from './schema';

/** Pieces of reading an OpenAI-compatible stream: chunk validation, finish reasons, usage. */

export function parseChunk(data: string): Chunk {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new EngineError(
      'bad-response',
      `The model server sent a stream chunk that is not JSON: ${JSON.stringify(data.slice(0, 80))}.`,
      'Check that the server speaks the OpenAI chat-completions streaming format.',
    );
  }
  const parsed = v.safeParse(ChunkSchema, json);
  if (!parsed.success) {
    throw new EngineError(
      'bad-response',
      `The model server sent a malformed stream chunk (${describeIssue(parsed.issues)}).`,
      'Check that the server speaks the OpenAI chat-completions streaming format.',
    );
  }
  return parsed.output;
}

export function mapFinish(reason: string): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'stop' || reason === 'eos' || reason === 'tool_calls') return 'stop';
  return 'error';
}

export function buildUsage(
  messages: readonly ChatMessage[],
  text: string,
  deltas: number,
  usage: Chunk['usage'],
  timings: Chunk['timings'],
  t: { started: number; firstDeltaAt: number; lastDeltaAt: number },
): ChatUsage {
  const promptTokens = usage?.prompt_tokens ?? estimateTokens(messages.map((m) => m.content).join('\n'));
  const completionTokens = usage?.completion_tokens ?? Math.max(deltas, estimateTokens(text));
  const decodeSeconds = (t.lastDeltaAt - t.firstDeltaAt) / 1000;
  // Without server timings, prefill speed is time-to-first-token based (includes the network).
  const ttft = (t.firstDeltaAt - t.started) / 1000;
  const out: ChatUsage = { promptTokens, completionTokens };
  const decode =
    timings?.predicted_per_second ?? (decodeSeconds > 0 ? (completionTokens - 1) / decodeSeconds : undefined);
  const prefill =
    timings?.prompt_per_second ?? (ttft > 0 && t.firstDeltaAt > 0 ? promptTokens / ttft : undefined);
  if (decode !== undefined && Number.isFinite(decode)) out.decodeTokensPerSecond = decode;
  if (prefill !== undefined && Number.isFinite(prefill)) out.prefillTokensPerSecond = prefill;
  if (timings?.prompt_n !== undefined) out.prefillTokens = timings.prompt_n;
  return out;
}
