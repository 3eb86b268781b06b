import * as v from 'valibot';
import { jsonValueSchema } from './json';
import type { PageRecord, SearchCacheRecord, SessionRecord, StepRecord } from './records';

// Read-side checks: records may come from an older version or a half-finished write. Loose objects
// keep fields a newer version added, so a downgrade does not strip them on the next write.

const optionalString = v.optional(v.string());
const optionalNumber = v.optional(v.number());

export const sessionRecordSchema: v.GenericSchema<unknown, SessionRecord> = v.looseObject({
  id: v.string(),
  question: v.string(),
  origin: v.picklist(['ask', 'page', 'selection', 'import']),
  originUrl: optionalString,
  originTitle: optionalString,
  status: v.picklist(['running', 'paused', 'done', 'error', 'stopped']),
  createdAt: v.number(),
  updatedAt: v.number(),
  model: optionalString,
  engine: optionalString,
  settings: jsonValueSchema,
  answer: optionalString,
  citations: v.optional(jsonValueSchema),
  stats: v.optional(jsonValueSchema),
  error: optionalString,
  errorCode: optionalString,
  errorInfo: v.optional(jsonValueSchema),
  readOnly: v.optional(v.boolean()),
  parentId: optionalString,
  attempt: optionalNumber,
  followUpOf: optionalString,
  partialTurn: v.optional(jsonValueSchema),
  privacy: v.optional(v.picklist(['public', 'private'])),
  pendingApproval: v.optional(jsonValueSchema),
  allowRest: v.optional(v.boolean()),
});

export const stepRecordSchema: v.GenericSchema<unknown, StepRecord> = v.looseObject({
  sessionId: v.string(),
  seq: v.number(),
  status: v.picklist(['pending', 'done']),
  startedAt: v.number(),
  finishedAt: optionalNumber,
  raw: v.string(),
  think: optionalString,
  action: jsonValueSchema,
  observation: optionalString,
  // Checked in full by the step codec: a malformed value costs the results, not the step.
  result: v.optional(jsonValueSchema),
  tokens: v.optional(
    v.looseObject({ prompt: optionalNumber, completion: optionalNumber, prefill: optionalNumber }),
  ),
  timings: v.optional(v.looseObject({ modelMs: optionalNumber, toolMs: optionalNumber })),
  error: optionalString,
});

export const pageRecordSchema: v.GenericSchema<unknown, PageRecord> = v.looseObject({
  url: v.string(),
  finalUrl: v.string(),
  title: v.string(),
  fetchedAt: v.number(),
  markdown: v.string(),
  byline: optionalString,
  lang: optionalString,
  publishedTime: optionalString,
  siteName: optionalString,
  links: v.optional(jsonValueSchema),
});

export const searchCacheRecordSchema: v.GenericSchema<unknown, SearchCacheRecord> = v.looseObject({
  key: v.string(),
  hits: jsonValueSchema,
  provider: v.string(),
  createdAt: v.number(),
  expiresAt: v.number(),
});

/** The record if it has the expected shape, otherwise undefined (callers treat it as absent). */
export function readAs<T>(schema: v.GenericSchema<unknown, T>, value: unknown): T | undefined {
  if (value === undefined) return undefined;
  const result = v.safeParse(schema, value);
  return result.success ? result.output : undefined;
}
