import type { AgentSettings } from '../agent/settings';
import {
  chooseProfile,
  type DuplicatePolicy,
  type FoldPolicy,
  PROFILES,
  type ProfileId,
  type Sampling,
} from '../profiles/profiles';
import { type PromptTexts, withTextOverrides } from '../profiles/prompt-texts';
import type { Settings } from '../settings/schema';
import { stepsAllowed } from '../settings/step-limit';

/**
 * The agent settings a run uses: the profile's (see src/profiles/profiles.ts) with the user's changes
 * on top. `modelProfile` is the profile the model calls for, used when the setting is 'auto'.
 */
export function agentSettingsFrom(s: Settings, modelProfile: ProfileId = 'general'): Partial<AgentSettings> {
  const id = chooseProfile(s.profile, modelProfile);
  const profile = profileSettings(id, {
    ...(s.promptTexts[id] ? { prompts: s.promptTexts[id] } : {}),
    sampling: s.sampling,
    ...(s.foldPolicy !== 'profile' ? { foldPolicy: s.foldPolicy } : {}),
    ...(s.duplicatePolicy !== 'profile' ? { duplicatePolicy: s.duplicatePolicy } : {}),
  });
  return {
    ...profile,
    maxSteps: stepsAllowed(s, profile.maxSteps),
    // A model server's own window (when it reports one) is the one that counts; the engine
    // falls back to this setting when the server says nothing.
    contextWindow: s.engine === 'openai' ? 0 : s.contextWindow,
    digestStyle: s.digestStyle,
  };
}

/** What the user may change on top of a profile; anything left out keeps the profile's value. */
export interface ProfileOverrides {
  prompts?: Partial<Record<keyof PromptTexts, string>>;
  sampling?: Partial<Sampling>;
  maxSteps?: number;
  foldPolicy?: FoldPolicy;
  duplicatePolicy?: DuplicatePolicy;
}

/**
 * A profile as agent settings (every choice is a setting, so an evaluation can flip each one).
 * The fold policy `auto` is settled by the loop, which knows the window.
 */
export function profileSettings(id: ProfileId, overrides: ProfileOverrides = {}): Partial<AgentSettings> {
  const p = PROFILES[id];
  const s = { ...p.sampling, ...definedOnly(overrides.sampling ?? {}) };
  return {
    profile: id,
    prompts: withTextOverrides(p.prompts, overrides.prompts),
    generationPrefix: p.generationPrefix,
    temperature: s.temperature,
    topP: s.topP,
    ...(s.topK !== undefined ? { topK: s.topK } : {}),
    ...(s.presencePenalty !== undefined ? { presencePenalty: s.presencePenalty } : {}),
    maxTokens: s.maxTokens,
    maxSteps: overrides.maxSteps ?? p.maxSteps,
    foldPolicy: overrides.foldPolicy ?? p.foldPolicy,
    duplicatePolicy: overrides.duplicatePolicy ?? p.duplicatePolicy,
    searchErrorField: p.searchErrorField,
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
