import type { AgentSettings } from '../../src/agent/settings';
import {
  PROFILES as MODEL_PROFILES,
  PROFILE_IDS,
  type ProfileId,
  profileForModelName,
} from '../../src/profiles/profiles';
import type { PromptTexts } from '../../src/profiles/prompt-texts';
import { agentSettingsFrom } from '../../src/runner/agent-settings';
import { DEFAULT_SETTINGS as APP_DEFAULTS, type Settings } from '../../src/settings/schema';
import type { ProfileChoices } from './cli-profile-args';

/**
 * Model profile name → the agent settings an eval run uses: the extension's own model profiles
 * (src/profiles/profiles.ts) under its default settings, so every choice a profile makes (prompt
 * texts, generation prefix, sampling, fold and duplicate policies, digest style) is an agent
 * setting the eval can change on top.
 */

export const PROFILE_NAMES = PROFILE_IDS;
export type ProfileName = ProfileId;

export interface Profile {
  name: ProfileName;
  settings: Partial<AgentSettings>;
  /**
   * Extra fields for every chat request to the model server, for anything the engine interface
   * cannot carry. Empty: the engine sends the whole sampling recipe (top_k, presence_penalty).
   */
  requestFields: Record<string, unknown>;
  /** Temperature of model-written page summaries (an extractor server). */
  summaryTemperature: number;
}

/** The profile choices the eval can flip (cli-profile-args.ts), with the prompt texts read from files. */
export interface ProfileOverrides {
  choices?: ProfileChoices;
  prompts?: Partial<PromptTexts>;
}

/** The extension's own path from its settings to the agent's (src/runner/agent-settings.ts). */
function settingsOf(name: ProfileName, o: ProfileOverrides): Partial<AgentSettings> {
  const c = o.choices;
  const app: Settings = {
    ...APP_DEFAULTS,
    profile: name,
    ...(o.prompts ? { promptTexts: { [name]: o.prompts } } : {}),
    ...(c ? { sampling: c.sampling, digestStyle: c.digest, thoroughness: c.thoroughness } : {}),
    ...(c && c.fold !== 'profile' && c.fold !== 'auto' ? { foldPolicy: c.fold } : {}),
    ...(c && c.duplicates !== 'profile' ? { duplicatePolicy: c.duplicates } : {}),
  };
  const { contextWindow: _window, ...rest } = agentSettingsFrom(app);
  return {
    ...rest,
    // 'auto' is a profile's own word (fold below 128K), not one the settings page offers.
    ...(c?.fold === 'auto' ? { foldPolicy: 'auto' as const } : {}),
    ...(c?.prefix !== undefined ? { generationPrefix: c.prefix } : {}),
  };
}

/** The profile the extension would pick for this model name when none is asked for. */
export function defaultProfileFor(model: string): ProfileName {
  return profileForModelName(model);
}

export function resolveProfile(
  name: string | undefined,
  model: string,
  overrides: ProfileOverrides = {},
): Profile | string {
  const chosen = name ?? defaultProfileFor(model);
  if (!(PROFILE_NAMES as readonly string[]).includes(chosen))
    return `unknown profile "${chosen}" (known: ${PROFILE_NAMES.join(', ')})`;
  const profile = chosen as ProfileName;
  return {
    name: profile,
    settings: settingsOf(profile, overrides),
    requestFields: {},
    summaryTemperature: MODEL_PROFILES[profile].summaryTemperature,
  };
}
