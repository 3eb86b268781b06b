import * as v from 'valibot';
import { EngineFailureSchema } from './engine-error-info';
import { SearchFailureSchema } from './search-error-info';

/**
 * Every run and engine error as `{ code, params }`. Producers build these; only the UI (and the
 * export, through a wording function it is given) turns them into words, in the user's language.
 * Stored sessions and messages carry them, so they are validated wherever they are read back
 * (readRunError). `stored-text` is the fallback for sessions saved before errors had codes: the
 * English sentence they stored, shown as it is.
 */
const PageFailureSchema = v.variant('code', [
  v.object({
    code: v.literal('page-unreachable'),
    params: v.object({
      url: v.string(),
      cause: v.picklist(['timeout', 'http', 'blocked', 'not-text', 'other']),
    }),
  }),
  /** A redirect the URL policy would not follow (to a private address, another scheme…). */
  v.object({ code: v.literal('redirect-refused'), params: v.object({ from: v.string(), to: v.string() }) }),
  v.object({ code: v.literal('tab-closed'), params: v.object({}) }),
]);

/** A limit that stopped a part of the run: bytes of a page, pages, steps, tokens, seconds. */
const CapSchema = v.object({
  code: v.literal('cap-reached'),
  params: v.object({ what: v.picklist(['bytes', 'pages', 'steps', 'tokens', 'seconds']), limit: v.number() }),
});

export const RunErrorSchema = v.variant('code', [
  ...SearchFailureSchema.options,
  ...EngineFailureSchema.options,
  ...PageFailureSchema.options,
  CapSchema,
  /** Every search of the run failed; `first` is the first reason. */
  v.object({ code: v.literal('search-all-failed'), params: v.object({ first: SearchFailureSchema }) }),
  v.object({ code: v.literal('step-limit'), params: v.object({ maxSteps: v.number() }) }),
  v.object({ code: v.literal('no-final-answer'), params: v.object({}) }),
  v.object({ code: v.literal('context-too-small'), params: v.object({ window: v.number() }) }),
  v.object({ code: v.literal('invalid-resume'), params: v.object({ detail: v.string() }) }),
  /** A tool call failed; the model was told and went on. */
  v.object({
    code: v.literal('tool-failed'),
    params: v.object({ tool: v.string(), cause: v.union([SearchFailureSchema, PageFailureSchema]) }),
  }),
  v.object({ code: v.literal('store-full'), params: v.object({}) }),
  v.object({ code: v.literal('store-failed'), params: v.object({ detail: v.string() }) }),
  v.object({ code: v.literal('stored-text'), params: v.object({ text: v.string() }) }),
]);

export type RunError = v.InferOutput<typeof RunErrorSchema>;
export type RunErrorCode = RunError['code'];
export type PageFailure = v.InferOutput<typeof PageFailureSchema>;
export type { EngineFailure } from './engine-error-info';
export type { NetCause, Reach } from './net-cause';
export type { SearchFailure } from './search-error-info';

/** Builds an error with its params checked against its code at compile time. */
export function runError<C extends RunErrorCode>(
  code: C,
  params: Extract<RunError, { code: C }>['params'],
): Extract<RunError, { code: C }> {
  return { code, params } as Extract<RunError, { code: C }>;
}

/** A stored or received value as a RunError; old English text becomes `stored-text`; else null. */
export function readRunError(value: unknown, text?: string): RunError | null {
  const parsed = v.safeParse(RunErrorSchema, value);
  if (parsed.success) return parsed.output;
  return text?.trim() ? { code: 'stored-text', params: { text } } : null;
}

/** Carried by a thrown error so its code survives `catch` (an EngineError, a SearchError). */
export interface CarriesRunError {
  readonly info: RunError;
}

export function runErrorOf(err: unknown): RunError | null {
  if (typeof err !== 'object' || err === null || !('info' in err)) return null;
  const parsed = v.safeParse(RunErrorSchema, (err as { info: unknown }).info);
  return parsed.success ? parsed.output : null;
}
