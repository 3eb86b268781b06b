import * as v from 'valibot';
import type { AgentStats, CitedAnswer } from '../agent/types';

/**
 * Sessions store citations and stats as plain JSON; these readers turn them back into typed values
 * and return null for anything that does not fit (older builds, imported files).
 */
const citedSchema = v.object({
  sentences: v.array(
    v.object({
      text: v.string(),
      citations: v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
      supported: v.boolean(),
      heading: v.optional(v.boolean()),
      quotes: v.optional(v.array(v.string())),
    }),
  ),
  sources: v.array(
    v.object({ n: v.pipe(v.number(), v.integer(), v.minValue(1)), url: v.string(), title: v.string() }),
  ),
});

export function readCitedAnswer(json: unknown): CitedAnswer | null {
  const r = v.safeParse(citedSchema, json);
  return r.success ? r.output : null;
}

const num = v.optional(v.number(), 0);
const statsSchema = v.object({
  steps: num,
  searches: num,
  visits: num,
  browseShare: num,
  duplicates: num,
  retries: num,
  parseFailures: num,
  folds: num,
  tokensIn: num,
  tokensOut: num,
  prefillTokens: num,
  peakContextTokens: num,
  contextTokens: num,
  elapsedMs: num,
});

export function readStats(json: unknown): AgentStats | null {
  const r = v.safeParse(statsSchema, json);
  return r.success ? r.output : null;
}
