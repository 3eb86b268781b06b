import { type DuplicatePolicy, type FoldPolicy, PROFILE_IDS, type ProfileId } from './profile-ids';
import { DEFAULT_TEXTS, GENERAL_TEXTS, type PromptTexts } from './prompt-texts';

/**
 * Model profiles: what a model was trained with, bundled, so it runs the way it learned to. DR-Venus
 * was trained on one fixed deployment format, and every drift from it (sampling, prompt prefix,
 * history it never saw) costs accuracy; other models get settings that suit a general chat model.
 */

export type { DuplicatePolicy, FoldPolicy, ProfileId } from './profile-ids';
export { LARGE_WINDOW, PROFILE_IDS } from './profile-ids';

export interface Sampling {
  temperature: number;
  topP: number;
  topK?: number;
  presencePenalty?: number;
  /** New tokens allowed per turn (bounded by the window when the run starts). */
  maxTokens: number;
}

export interface ModelProfile {
  id: ProfileId;
  prompts: PromptTexts;
  /** Written after the generation prompt by engines that build it (`<think>\n` for thinking models). */
  generationPrefix: string;
  sampling: Sampling;
  maxSteps: number;
  foldPolicy: FoldPolicy;
  duplicatePolicy: DuplicatePolicy;
  /** A failed search as an `error` key beside its empty hits; without it, just the empty list (trained). */
  searchErrorField: boolean;
  /** Temperature of model-written page summaries. */
  summaryTemperature: number;
}

export const PROFILES: Readonly<Record<ProfileId, ModelProfile>> = {
  // Facts from the DR-Venus reference implementation (Qwen3-4B-Thinking-2507 backbone): its chat
  // template opens every reply with `<think>\n`; sampling T 1.0, top_p 0.95, top_k 20, presence
  // penalty 1.1, up to 15,000 new tokens a turn; 200 turns; repeated calls are drawn again; the
  // visit summariser ran at temperature 0.7; a failed search is an empty result list.
  'dr-venus': {
    id: 'dr-venus',
    prompts: DEFAULT_TEXTS,
    generationPrefix: '<think>\n',
    sampling: { temperature: 1.0, topP: 0.95, topK: 20, presencePenalty: 1.1, maxTokens: 15_000 },
    maxSteps: 200,
    foldPolicy: 'auto',
    duplicatePolicy: 'resample',
    searchErrorField: false,
    summaryTemperature: 0.7,
  },
  // Qwen3 (web-llm) and whatever a server runs: Qwen3's recommended thinking-mode sampling, the
  // reply format spelled out, a shorter horizon, and the reasons for failures shown to the model.
  general: {
    id: 'general',
    prompts: GENERAL_TEXTS,
    generationPrefix: '',
    sampling: { temperature: 0.6, topP: 0.95, topK: 20, maxTokens: 4096 },
    maxSteps: 60,
    foldPolicy: 'fold',
    duplicatePolicy: 'note',
    searchErrorField: true,
    summaryTemperature: 0.2,
  },
};

export function isProfileId(x: unknown): x is ProfileId {
  return typeof x === 'string' && (PROFILE_IDS as readonly string[]).includes(x);
}

/** DR-Venus models get the dr-venus profile, whatever route (catalog id, repo, URL, server name) they come by. */
export function profileForModelName(name: string): ProfileId {
  return /dr[-_ ]?venus/i.test(name) ? 'dr-venus' : 'general';
}

/** The profile a run uses: the user's choice, or the one the model calls for. */
export function chooseProfile(setting: ProfileId | 'auto', modelProfile: ProfileId): ProfileId {
  return setting === 'auto' ? modelProfile : setting;
}
