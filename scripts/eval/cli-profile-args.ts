/**
 * The eval options for every choice a model profile makes, each defaulting to what the extension
 * does ('profile': the profile's own choice), so a run can flip one and measure what it costs.
 */

export type Choice<T extends string> = T | 'profile';

export interface ProfileChoices {
  /** JSON file of prompt texts (keys as src/profiles/prompt-texts.ts), replacing the profile's. */
  promptsFile: string | undefined;
  /** A text file holding the whole system prompt (`{tools}` and `{date}` are filled in). */
  systemPromptFile: string | undefined;
  /** The evidence extractor's prompt: a text file with `{page}` and `{goal}`. */
  extractorPromptFile: string | undefined;
  sampling: {
    temperature?: number;
    topP?: number;
    topK?: number;
    presencePenalty?: number;
    maxTokens?: number;
  };
  /** The generation prefix; undefined: the profile's. */
  prefix: string | undefined;
  fold: Choice<'fold' | 'no-fold' | 'auto'>;
  duplicates: Choice<'resample' | 'note'>;
  digest: 'trained' | 'compact';
  thoroughness: Choice<'quick' | 'balanced' | 'deep'>;
  /** Who writes a visit's evidence: ranked passages, the extractor server, or the main model. */
  summary: 'auto' | 'passages' | 'extractor' | 'model';
  /** Token counts: Qwen3's exact counter, the estimate, or 'auto' (Qwen3 for Qwen3-family models). */
  tokenizer: 'auto' | 'qwen3' | 'estimate';
}

export interface RawProfileArgs {
  prompts?: string;
  'system-prompt'?: string;
  'extractor-prompt'?: string;
  temperature?: string;
  'top-p'?: string;
  'top-k'?: string;
  'presence-penalty'?: string;
  'max-tokens'?: string;
  prefix?: string;
  fold?: string;
  duplicates?: string;
  digest?: string;
  thoroughness?: string;
  summary?: string;
  tokenizer?: string;
}

export const PROFILE_OPTION_TABLE = {
  prompts: { type: 'string' },
  'system-prompt': { type: 'string' },
  'extractor-prompt': { type: 'string' },
  temperature: { type: 'string' },
  'top-p': { type: 'string' },
  'top-k': { type: 'string' },
  'presence-penalty': { type: 'string' },
  'max-tokens': { type: 'string' },
  prefix: { type: 'string' },
  fold: { type: 'string' },
  duplicates: { type: 'string' },
  digest: { type: 'string' },
  thoroughness: { type: 'string' },
  summary: { type: 'string' },
  tokenizer: { type: 'string' },
} as const;

function pick<T extends string>(
  raw: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
  errors: string[],
): T {
  if (raw === undefined) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  errors.push(`${name} takes ${allowed.join(', ')}, got "${raw}"`);
  return fallback;
}

function num(
  raw: string | undefined,
  name: string,
  range: [number, number],
  integer: boolean,
  errors: string[],
): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(n) ||
    n < range[0] ||
    n > range[1] ||
    (integer && !Number.isInteger(n))
  ) {
    errors.push(
      `${name} needs ${integer ? 'a whole number' : 'a number'} from ${range[0]} to ${range[1]}, got "${raw}"`,
    );
    return undefined;
  }
  return n;
}

/** `\n` and `\t` written in a shell argument mean the characters (`--prefix '<think>\n'`). */
const shellEscapes = (s: string) => s.replace(/\\n/g, '\n').replace(/\\t/g, '\t');

export function profileChoicesFromArgs(a: RawProfileArgs, errors: string[]): ProfileChoices {
  const sampling: ProfileChoices['sampling'] = {};
  const set = <K extends keyof ProfileChoices['sampling']>(k: K, v: number | undefined) => {
    if (v !== undefined) sampling[k] = v;
  };
  // The extension's own ranges (src/settings/schema.ts).
  set('temperature', num(a.temperature, '--temperature', [0, 2], false, errors));
  set('topP', num(a['top-p'], '--top-p', [0, 1], false, errors));
  set('topK', num(a['top-k'], '--top-k', [0, 1000], true, errors));
  set('presencePenalty', num(a['presence-penalty'], '--presence-penalty', [-2, 2], false, errors));
  set('maxTokens', num(a['max-tokens'], '--max-tokens', [256, 32_768], true, errors));
  const summary = pick(a.summary, '--summary', ['auto', 'passages', 'extractor', 'model'], 'auto', errors);
  return {
    promptsFile: a.prompts,
    systemPromptFile: a['system-prompt'],
    extractorPromptFile: a['extractor-prompt'],
    sampling,
    prefix: a.prefix === undefined ? undefined : shellEscapes(a.prefix),
    fold: pick(a.fold, '--fold', ['profile', 'fold', 'no-fold', 'auto'], 'profile', errors),
    duplicates: pick(a.duplicates, '--duplicates', ['profile', 'resample', 'note'], 'profile', errors),
    digest: pick(a.digest, '--digest', ['trained', 'compact'], 'trained', errors),
    thoroughness: pick(
      a.thoroughness,
      '--thoroughness',
      ['profile', 'quick', 'balanced', 'deep'],
      'profile',
      errors,
    ),
    summary,
    tokenizer: pick(a.tokenizer, '--tokenizer', ['auto', 'qwen3', 'estimate'], 'auto', errors),
  };
}

export const PROFILE_USAGE = `
  Profile choices (default: the extension's, i.e. the profile's own):
  --prompts FILE         JSON prompt texts {"system", "formatError", "forceAnswer", "contextLimit", ...}
  --system-prompt FILE   the whole system prompt ({tools}, {date} filled in)
  --extractor-prompt FILE  the evidence extractor's prompt, with {page} and {goal}
  --temperature X --top-p X --top-k N --presence-penalty X --max-tokens N   sampling
  --prefix TEXT          generation prefix ('<think>\\n'; '' for none)
  --fold fold|no-fold|auto   --duplicates resample|note   --digest trained|compact
  --thoroughness quick|balanced|deep   step cap under --max-steps (default: the profile's)
  --summary passages|extractor|model   who writes a visit's evidence (default: extractor when
                         --extractor-server is given, else passages; model: the model under test)
  --tokenizer qwen3|estimate  token counts (default: Qwen3's exact counter for Qwen3-family models)`;
