import * as v from 'valibot';
import { PROVIDER_IDS } from '../tools/search/types';

/**
 * User settings, stored as one record in IndexedDB (`settings` store, key `app`). Every field has a
 * default so a missing or partly corrupt record still yields usable settings.
 */
const ProviderSettings = v.object({
  id: v.picklist(PROVIDER_IDS),
  enabled: v.boolean(),
  baseUrl: v.optional(v.string()),
  engineId: v.optional(v.string()),
});

export const SettingsSchema = v.object({
  engine: v.optional(v.picklist(['web-llm', 'wllama', 'openai']), 'web-llm'),
  webllmModel: v.optional(v.string(), ''),
  wllamaModelUrl: v.optional(v.string(), ''),
  contextWindow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2048), v.maxValue(131072)), 8192),
  openaiBaseUrl: v.optional(v.string(), 'http://127.0.0.1:11434/v1'),
  openaiModel: v.optional(v.string(), ''),
  /** Give up on a model server that sends nothing for this long (cold model loads can be slow). */
  openaiFirstByteTimeoutMs: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(600_000)),
    60_000,
  ),
  temperature: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2)), 0.6),
  stepLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)), 200),
  /** Independent runs per question; the answer most of them agree on is kept (see agent/voting). */
  attempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), 1),
  thoroughness: v.optional(v.picklist(['quick', 'balanced', 'deep']), 'balanced'),
  searchProviders: v.optional(v.array(ProviderSettings), [
    { id: 'duckduckgo', enabled: true },
    { id: 'wikipedia', enabled: true },
  ]),
  maxTabs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(8)), 3),
  pageTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(120_000)), 15_000),
  allowHttp: v.optional(v.boolean(), false),
  allowLoopback: v.optional(v.boolean(), false),
  allowList: v.optional(v.array(v.string()), []),
  denyList: v.optional(v.array(v.string()), []),
  signInSites: v.optional(v.array(v.string()), []),
  customPrompt: v.optional(v.string(), ''),
  /** Optional OpenAI-compatible server that writes each page's evidence; empty = passage ranking. */
  extractorBaseUrl: v.optional(v.string(), ''),
  extractorModel: v.optional(v.string(), ''),
  /** Constrained decoding for GGUF models; 'test-sequence' is for the random-weight test model. */
  grammar: v.optional(v.picklist(['off', 'protocol', 'test-sequence']), 'off'),
  /** Advanced: custom MLC model records (a user's own DR-Venus-4B build). */
  customModels: v.optional(
    v.array(v.object({ id: v.string(), modelUrl: v.string(), modelLibUrl: v.string() })),
    [],
  ),
  exportTrail: v.optional(v.boolean(), true),
});

export type Settings = v.InferOutput<typeof SettingsSchema>;
export type ProviderSetting = v.InferOutput<typeof ProviderSettings>;

export const DEFAULT_SETTINGS: Settings = v.parse(SettingsSchema, {});

/** Keeps every valid field of a stored record and replaces the invalid ones with defaults. */
export function parseSettings(raw: unknown): Settings {
  const whole = v.safeParse(SettingsSchema, raw);
  if (whole.success) return whole.output;
  if (typeof raw !== 'object' || raw === null) return DEFAULT_SETTINGS;
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(raw)) {
    const field = SettingsSchema.entries[k as keyof typeof SettingsSchema.entries];
    if (field && v.safeParse(field, value).success) out[k] = value;
  }
  return v.parse(SettingsSchema, out);
}
