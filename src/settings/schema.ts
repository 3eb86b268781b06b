import * as v from 'valibot';
import { PROFILE_IDS } from '../profiles/profiles';
import type { PromptTexts } from '../profiles/prompt-texts';
import { PROVIDER_IDS } from './provider-ids';

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

/** The user's own prompt texts for one profile; a missing or blank text keeps the profile's. */
const text = v.optional(v.pipe(v.string(), v.maxLength(50_000)));
const PromptTextOverrides = v.object({
  system: text,
  formatError: text,
  forceAnswer: text,
  contextLimit: text,
  pageFailedEvidence: text,
  pageFailedSummary: text,
  duplicate: text,
  dropped: text,
  extractor: text,
} satisfies Record<keyof PromptTexts, typeof text>);

const optionalNumber = (min: number, max: number, integer = false) =>
  v.optional(
    integer
      ? v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))
      : v.pipe(v.number(), v.minValue(min), v.maxValue(max)),
  );

/** Sampling the user sets on top of the profile's; a missing field follows the profile. */
const SamplingOverrides = v.object({
  temperature: optionalNumber(0, 2),
  topP: optionalNumber(0, 1),
  topK: optionalNumber(0, 1000, true),
  presencePenalty: optionalNumber(-2, 2),
  maxTokens: optionalNumber(256, 32_768, true),
});

export const SettingsSchema = v.object({
  /** 'auto': DR-Venus as GGUF where it fits this device, else a web-llm Qwen3 model. */
  engine: v.optional(v.picklist(['auto', 'web-llm', 'wllama', 'openai']), 'auto'),
  webllmModel: v.optional(v.string(), ''),
  /** GGUF model: a catalog id, `hf:owner/repo[/file]` or a URL; '' = the DR-Venus catalog default. */
  wllamaModelUrl: v.optional(v.string(), ''),
  /** Tokens; up to 262,144 for servers (a model server that reports its own window overrides it). */
  contextWindow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2048), v.maxValue(262_144)), 8192),
  /** Model hub (Hugging Face or a mirror with its API) the GGUF files are listed and fetched from. */
  hubUrl: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^https?:\/\/[^\s]+$/)), 'https://huggingface.co'),
  /** GGUF quantisation, e.g. Q4_K_M; '' = the best that fits this device. */
  ggufQuant: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_]{0,16}$/)), ''),
  /** wllama: WebGPU offload, CPU only, or auto (WebGPU on a hardware adapter, else CPU). */
  wllamaBackend: v.optional(v.picklist(['auto', 'webgpu', 'cpu']), 'auto'),
  /** wllama CPU threads; 0 = one per logical core (when the page is cross-origin isolated). */
  wllamaThreads: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)), 0),
  /** Largest GGUF file wllama is given; bigger downloads are split into shards of this size. */
  ggufShardMb: v.optional(v.pipe(v.number(), v.minValue(0.05), v.maxValue(2000)), 512),
  openaiBaseUrl: v.optional(v.string(), 'http://127.0.0.1:11434/v1'),
  openaiModel: v.optional(v.string(), ''),
  /** Give up on a model server that sends nothing for this long (cold model loads can be slow). */
  openaiFirstByteTimeoutMs: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(600_000)),
    60_000,
  ),
  /** Model profile (src/profiles/profiles.ts); 'auto' follows the model: DR-Venus models get 'dr-venus'. */
  profile: v.optional(v.picklist(['auto', ...PROFILE_IDS]), 'auto'),
  promptTexts: v.optional(
    v.object({ 'dr-venus': v.optional(PromptTextOverrides), general: v.optional(PromptTextOverrides) }),
    {},
  ),
  sampling: v.optional(SamplingOverrides, {}),
  foldPolicy: v.optional(v.picklist(['profile', 'fold', 'no-fold']), 'profile'),
  duplicatePolicy: v.optional(v.picklist(['profile', 'resample', 'note']), 'profile'),
  /** Folded turns in the formats DR-Venus was trained on, or the compact ones. */
  digestStyle: v.optional(v.picklist(['trained', 'compact']), 'trained'),
  stepLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)), 200),
  /** Independent runs per question; the answer most of them agree on is kept (see runner/voting). */
  attempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), 1),
  /** Attempts run at once on a model server (local engines serve one conversation at a time). */
  parallelAttempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), 1),
  /** 'profile': the profile's step cap (200 for DR-Venus); the others cap it at 15 / 60 / 200. */
  thoroughness: v.optional(v.picklist(['profile', 'quick', 'balanced', 'deep']), 'profile'),
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
  /**
   * Who writes each page's summary: ranked passages and goal-matching sentences ('passages'), the
   * extractor server, or the main model when it is a server ('main-model'). 'auto': the extractor
   * when one is set, else passages.
   */
  summaryMode: v.optional(v.picklist(['auto', 'passages', 'extractor', 'main-model']), 'auto'),
  /** Optional OpenAI-compatible server that writes each page's evidence; empty = passage ranking. */
  extractorBaseUrl: v.optional(v.string(), ''),
  extractorModel: v.optional(v.string(), ''),
  /** The extractor's window when its server does not say (it sets how much of a page it reads). */
  extractorContextWindow: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(2048), v.maxValue(262_144)),
    32_768,
  ),
  /** Constrained decoding (wllama and model servers that take a grammar): every turn in the DR-Venus format. */
  grammar: v.optional(v.picklist(['off', 'protocol']), 'off'),
  /** Advanced: custom MLC model records (a user's own DR-Venus-4B build). */
  customModels: v.optional(
    v.array(v.object({ id: v.string(), modelUrl: v.string(), modelLibUrl: v.string() })),
    [],
  ),
  exportTrail: v.optional(v.boolean(), true),
  /** The side panel's first-run guide was dismissed. */
  guideDone: v.optional(v.boolean(), false),
});

export type Settings = v.InferOutput<typeof SettingsSchema>;
export type ProviderSetting = v.InferOutput<typeof ProviderSettings>;

export const DEFAULT_SETTINGS: Settings = v.parse(SettingsSchema, {});

/**
 * Records saved before profiles kept one system prompt (`customPrompt`): it becomes the system text
 * of both profiles. Their `temperature` (then always saved, default 0.6) is left to the profile.
 */
function upgrade(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const { customPrompt, temperature: _old, ...rest } = raw as Record<string, unknown>;
  if (typeof customPrompt !== 'string' || !customPrompt.trim() || 'promptTexts' in rest) return rest;
  return {
    ...rest,
    promptTexts: { 'dr-venus': { system: customPrompt }, general: { system: customPrompt } },
  };
}

/** Keeps every valid field of a stored record and replaces the invalid ones with defaults. */
export function parseSettings(stored: unknown): Settings {
  const raw = upgrade(stored);
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
