import { chooseProfile, type ProfileId, profileSettings } from '../agent/profiles';
import type { AgentSettings } from '../agent/settings';
import type { Settings } from '../settings/schema';

/** Thoroughness caps the steps under the user's hard limit: a quick look need not walk 200 steps. */
const STEP_CAP = { quick: 15, balanced: 60, deep: 200 } as const;

/**
 * The agent settings a run uses: the profile's (see src/agent/profiles.ts) with the user's changes
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
  const cap = s.thoroughness === 'profile' ? (profile.maxSteps ?? s.stepLimit) : STEP_CAP[s.thoroughness];
  return {
    ...profile,
    maxSteps: Math.min(s.stepLimit, cap),
    // A model server's own window (when it reports one) is the one that counts; the engine
    // falls back to this setting when the server says nothing.
    contextWindow: s.engine === 'openai' ? 0 : s.contextWindow,
    digestStyle: s.digestStyle,
  };
}
