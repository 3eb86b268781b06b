/** Run settings with their defaults; every field can be overridden per run. */
export interface AgentSettings {
  /** Model turns allowed in a run; the last one is forced to be the answer. */
  maxSteps: number;
  /** Engine context window in tokens; 0 means "ask the engine". */
  contextWindow: number;
  /** Reply budget per turn; generous so normal turns end with 'stop' (web-llm resets its cache otherwise). */
  maxTokens: number;
  temperature?: number;
  topP?: number;
  /** Re-samples of one turn after a parse failure or degenerate repetition. */
  maxRetries: number;
  /** A custom system prompt replacing the built-in one. */
  systemPrompt?: string;
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
  /** Tokens (prefilled + generated) after which the next turn must answer. */
  tokenBudget: number;
  /** Milliseconds after which the next turn must answer. */
  timeBudgetMs: number;
}

export const DEFAULT_SETTINGS: AgentSettings = {
  maxSteps: 200,
  contextWindow: 0,
  maxTokens: 4096,
  maxRetries: 2,
  keepRecentSteps: 2,
  foldTarget: 0.5,
  dropTarget: 0.5,
  digestHits: 3,
  tokenBudget: Number.POSITIVE_INFINITY,
  timeBudgetMs: Number.POSITIVE_INFINITY,
};

export interface ResolvedBudget {
  window: number;
  maxTokens: number;
  /** Largest prompt that leaves room for the reply. */
  promptBudget: number;
}

/** The reply budget is capped at a quarter of the window so small windows still hold a conversation. */
export function resolveBudget(settings: AgentSettings, engineWindow: number): ResolvedBudget {
  // An engine may load a smaller window than asked (llama.cpp caps it at the model's trained length).
  const asked = settings.contextWindow > 0 ? settings.contextWindow : Number.POSITIVE_INFINITY;
  const loaded = engineWindow > 0 ? engineWindow : Number.POSITIVE_INFINITY;
  const smaller = Math.min(asked, loaded);
  const window = Number.isFinite(smaller) ? smaller : 32768;
  const maxTokens = Math.max(16, Math.min(settings.maxTokens, Math.floor(window / 4)));
  return { window, maxTokens, promptBudget: window - maxTokens };
}

export function withDefaults(partial: Partial<AgentSettings> | undefined): AgentSettings {
  const out: AgentSettings = { ...DEFAULT_SETTINGS };
  if (!partial) return out;
  for (const [k, v] of Object.entries(partial)) {
    if (v !== undefined) Object.assign(out, { [k]: v });
  }
  return out;
}
