import { type DuplicatePolicy, type FoldPolicy, LARGE_WINDOW, type ProfileId } from '../profiles/profile-ids';
import { DEFAULT_TEXTS, type PromptTexts } from '../profiles/prompt-texts';
import type { DigestStyle } from './digest';
import type { SeedBase } from './request-seed';

/**
 * Run settings with their defaults; every field can be overridden per run. A model profile
 * (src/profiles/profiles.ts) is a set of these; the defaults here are neutral, not a profile.
 */
export interface AgentSettings {
  /** The model profile these settings came from, for the record (the fields below are what counts). */
  profile?: ProfileId;
  /** Model turns allowed in a run; the last one is forced to be the answer. */
  maxSteps: number;
  /** Engine context window in tokens; 0 means "ask the engine". */
  contextWindow: number;
  /** Reply budget per turn; generous so normal turns end with 'stop' (web-llm resets its cache otherwise). */
  maxTokens: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  /** Text every reply starts with, written after the generation prompt (`<think>\n` for thinking models). */
  generationPrefix: string;
  /** Re-samples of one turn after a parse failure or degenerate repetition. */
  maxRetries: number;
  /** Every sentence the agent writes to the model (system prompt, errors, notes). */
  prompts: PromptTexts;
  /** A system prompt replacing `prompts.system` as written (a recorded trajectory's, an eval's). */
  systemPrompt?: string;
  /** What happens when the window is full: fold older turns, or ask for the answer (see FoldPolicy). */
  foldPolicy: FoldPolicy;
  /** What happens when the model repeats an earlier call. */
  duplicatePolicy: DuplicatePolicy;
  /** Show why a search failed as an `error` key (the trained format has only the empty list). */
  searchErrorField: boolean;
  /** YYYY-MM-DD for the prompt; defaults to the injected clock's local date. */
  date?: string;
  /** Most recent steps kept verbatim by a fold. */
  keepRecentSteps: number;
  /** A fold shrinks the conversation to this share of the prompt budget. */
  foldTarget: number;
  /** When a fold must leave steps out, it shrinks to this share of its target (see fold.ts). */
  dropTarget: number;
  /** Search results per query kept in a folded digest. */
  digestHits: number;
  /** Digests in the formats DR-Venus was trained on, or the compact ones (see DigestStyle). */
  digestStyle: DigestStyle;
  /** Tokens (prefilled + generated) after which the next turn must answer. */
  tokenBudget: number;
  /** Milliseconds after which the next turn must answer. */
  timeBudgetMs: number;
  /** Seed every request with requestSeed(seed, step, sample); unset: the engine's own sampling. */
  seed?: SeedBase;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  maxSteps: 200,
  contextWindow: 0,
  maxTokens: 4096,
  generationPrefix: '',
  prompts: DEFAULT_TEXTS,
  foldPolicy: 'fold',
  duplicatePolicy: 'note',
  searchErrorField: true,
  maxRetries: 2,
  keepRecentSteps: 2,
  foldTarget: 0.45,
  dropTarget: 0.5,
  digestHits: 3,
  digestStyle: 'trained',
  tokenBudget: Number.POSITIVE_INFINITY,
  timeBudgetMs: Number.POSITIVE_INFINITY,
};

export interface ResolvedBudget {
  window: number;
  /** Tokens kept free for the reply when deciding whether the conversation fits. */
  maxTokens: number;
  /** Largest prompt that leaves room for the reply. */
  promptBudget: number;
}

/**
 * The room kept for a reply is capped at a quarter of the window so small windows still hold a
 * conversation; a request may still ask for more (see replyLimit) when the prompt leaves room.
 */
export function resolveBudget(settings: AgentSettings, engineWindow: number): ResolvedBudget {
  // An engine may load a smaller window than asked (llama.cpp caps it at the model's trained length).
  const asked = settings.contextWindow > 0 ? settings.contextWindow : Number.POSITIVE_INFINITY;
  const loaded = engineWindow > 0 ? engineWindow : Number.POSITIVE_INFINITY;
  const smaller = Math.min(asked, loaded);
  const window = Number.isFinite(smaller) ? smaller : 32768;
  const maxTokens = Math.max(16, Math.min(settings.maxTokens, Math.floor(window / 4)));
  return { window, maxTokens, promptBudget: window - maxTokens };
}

/**
 * `max_tokens` of one request: the profile's per-turn limit, bounded by what the window has left
 * after this prompt, so a long DR-Venus turn (~3K tokens, up to 15K) is not cut while room remains.
 */
export function replyLimit(settings: AgentSettings, budget: ResolvedBudget, promptTokens: number): number {
  const room = budget.window - promptTokens;
  return Math.max(budget.maxTokens, Math.min(settings.maxTokens, room));
}

/** Whether the loop folds a full window or forces the answer (see FoldPolicy). */
export function foldsWhenFull(settings: AgentSettings, window: number): boolean {
  if (settings.foldPolicy === 'auto') return window < LARGE_WINDOW;
  return settings.foldPolicy === 'fold';
}

export function withDefaults(partial: Partial<AgentSettings> | undefined): AgentSettings {
  const out: AgentSettings = { ...DEFAULT_AGENT_SETTINGS };
  if (!partial) return out;
  for (const [k, v] of Object.entries(partial)) {
    if (v !== undefined) Object.assign(out, { [k]: v });
  }
  return out;
}
