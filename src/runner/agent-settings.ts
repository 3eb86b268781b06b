import type { AgentSettings } from '../agent/settings';
import { chooseProfile, type ProfileId, profileSettings } from '../profiles/profiles';
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
