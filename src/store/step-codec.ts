import type { AgentStep } from '../agent/types';
import { toJson } from './json';
import type { StepRecord } from './records';
import { decodeStepResult } from './step-result-schema';

/**
 * The store keeps the fields every view needs as columns (raw, think, observation, the tool's
 * results, tokens) and the rest of the agent's step in `action`, so `resume` can rebuild the exact
 * conversation.
 */
export function stepToRecord(sessionId: string, step: AgentStep): StepRecord {
  const { raw, think, observation, result, status, seq, startedAt, finishedAt, ...rest } = step;
  const { tokens } = step;
  return {
    sessionId,
    seq,
    status,
    startedAt,
    ...(finishedAt !== null ? { finishedAt } : {}),
    raw,
    think,
    action: toJson(rest),
    ...(observation !== null ? { observation } : {}),
    ...(result !== null ? { result: toJson(result) } : {}),
    tokens: { prompt: tokens.prompt, completion: tokens.completion, prefill: tokens.prefill },
    ...(tokens.modelMs !== undefined ? { timings: { modelMs: tokens.modelMs } } : {}),
  };
}

type Rest = Omit<
  AgentStep,
  'raw' | 'think' | 'observation' | 'result' | 'status' | 'seq' | 'startedAt' | 'finishedAt'
>;

/**
 * Inverse of stepToRecord. Records written by an older build get safe defaults; one without
 * (well-formed) results is read from its observation text by the views.
 */
export function stepFromRecord(r: StepRecord): AgentStep {
  const rest = (typeof r.action === 'object' && r.action !== null && !Array.isArray(r.action)
    ? r.action
    : {}) as unknown as Partial<Rest>;
  return {
    seq: r.seq,
    status: r.status,
    raw: r.raw,
    think: r.think ?? '',
    action: rest.action ?? { kind: 'invalid', reason: 'no-action', message: 'missing' },
    call: rest.call ?? null,
    observation: r.observation ?? null,
    result: decodeStepResult(r.result),
    notes: rest.notes ?? [],
    duplicateOf: rest.duplicateOf ?? null,
    sources: rest.sources ?? [],
    fold: rest.fold ?? { digestBefore: 0, dropBefore: 0 },
    folded: rest.folded ?? false,
    attempts: rest.attempts ?? 1,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? null,
    tokens: rest.tokens ?? {
      prompt: r.tokens?.prompt ?? 0,
      completion: r.tokens?.completion ?? 0,
      reply: 0,
      prefill: r.tokens?.prefill ?? 0,
    },
  };
}
