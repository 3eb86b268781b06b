import * as v from 'valibot';
import {
  type PageReadVia,
  type SearchHit,
  type SearchResult,
  type StepResult,
  VISIT_FAIL_CODES,
  type VisitResult,
} from '../agent/step-result';
import { SearchFailureSchema } from '../errors/search-error-info';

// Read-side check of a step's stored results. A record that fails it loads without results, and
// its cards and citations fall back to reading the observation text, so nothing is lost.

const optionalString = v.optional(v.string());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const hitSchema: v.GenericSchema<unknown, SearchHit> = v.object({
  title: v.string(),
  url: v.string(),
  snippet: v.string(),
  date: optionalString,
});

const searchSchema: v.GenericSchema<unknown, SearchResult> = v.object({
  query: v.string(),
  hits: v.array(hitSchema),
  error: optionalString,
  // A code this version does not know costs only the panel's words (it shows `error`), not the step.
  errorInfo: v.fallback(v.optional(SearchFailureSchema), undefined),
});

const VIA = ['open-tab', 'new-tab', 'fetch', 'cache'] as const satisfies readonly PageReadVia[];

const pageSchema: v.GenericSchema<unknown, VisitResult> = v.object({
  url: v.string(),
  title: v.string(),
  ok: v.boolean(),
  evidence: v.string(),
  summary: v.string(),
  reason: optionalString,
  reasonCode: v.fallback(v.optional(v.picklist(VISIT_FAIL_CODES)), undefined),
  finalUrl: optionalString,
  readAt: v.optional(v.pipe(v.number(), v.finite())),
  via: v.optional(v.picklist(VIA)),
  summaryNote: optionalString,
  readNote: optionalString,
  cut: v.optional(v.object({ read: count, total: count })),
});

export const stepResultSchema: v.GenericSchema<unknown, StepResult> = v.variant('tool', [
  v.object({ tool: v.literal('search'), searches: v.array(searchSchema) }),
  v.object({ tool: v.literal('visit'), goal: v.string(), pages: v.array(pageSchema) }),
]);

/** The stored results, or null when there are none or they do not have the expected shape. */
export function decodeStepResult(json: unknown): StepResult | null {
  if (json === undefined || json === null) return null;
  const r = v.safeParse(stepResultSchema, json);
  return r.success ? r.output : null;
}
