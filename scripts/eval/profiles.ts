import type { AgentSettings } from '../../src/agent/settings';
import {
  PROFILES as MODEL_PROFILES,
  PROFILE_IDS,
  type ProfileId,
  profileForModelName,
} from '../../src/profiles/profiles';
import { agentSettingsFrom } from '../../src/runner/agent-settings';
import { DEFAULT_SETTINGS as APP_DEFAULTS } from '../../src/settings/schema';

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

function settingsOf(name: ProfileName): Partial<AgentSettings> {
  const { contextWindow: _window, ...rest } = agentSettingsFrom({ ...APP_DEFAULTS, profile: name });
  return rest;
}

/** The profile the extension would pick for this model name when none is asked for. */
export function defaultProfileFor(model: string): ProfileName {
  return profileForModelName(model);
}

export function resolveProfile(name: string | undefined, model: string): Profile | string {
  const chosen = name ?? defaultProfileFor(model);
  if (!(PROFILE_NAMES as readonly string[]).includes(chosen))
    return `unknown profile "${chosen}" (known: ${PROFILE_NAMES.join(', ')})`;
  const profile = chosen as ProfileName;
  return {
    name: profile,
    settings: settingsOf(profile),
    requestFields: {},
    summaryTemperature: MODEL_PROFILES[profile].summaryTemperature,
  };
}
