import type { AgentSettings } from '../agent/settings';
import { agentSettingsFrom } from '../runner/agent-settings';
import { DEFAULT_SETTINGS as APP_DEFAULTS } from '../settings/schema';

/**
 * Model profile name → the agent settings an eval run uses. This is the one place the eval learns
 * what a profile means; the model-profile work (issue 10) replaces the table below with the real
 * profiles (prompt texts, generation prefix, sampling, fold and duplicate policies).
 *
 * Until then: `general` is exactly what the extension runs with default settings; `dr-venus` adds
 * the sampling DR-Venus was trained with, as far as AgentSettings can express it today (top_k 20 and
 * presence_penalty 1.1 cannot be sent yet).
 */

export const PROFILE_NAMES = ['general', 'dr-venus'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export interface Profile {
  name: ProfileName;
  settings: Partial<AgentSettings>;
  /**
   * Extra fields for every chat request to the model server (e.g. top_k, presence_penalty), for
   * sampling settings the engine interface cannot carry yet. Empty today: the eval sends what the
   * extension sends.
   */
  requestFields: Record<string, unknown>;
}

function generalSettings(): Partial<AgentSettings> {
  const { contextWindow: _window, ...rest } = agentSettingsFrom(APP_DEFAULTS);
  return rest;
}

const PROFILES: Record<ProfileName, () => Partial<AgentSettings>> = {
  general: generalSettings,
  'dr-venus': () => ({
    ...generalSettings(),
    maxSteps: 200,
    temperature: 1.0,
    topP: 0.95,
    maxTokens: 15_000,
  }),
};

/** The profile the extension would pick for this model name when none is asked for. */
export function defaultProfileFor(model: string): ProfileName {
  return /dr[-_ ]?venus/i.test(model) ? 'dr-venus' : 'general';
}

export function resolveProfile(name: string | undefined, model: string): Profile | string {
  const chosen = name ?? defaultProfileFor(model);
  if (!(PROFILE_NAMES as readonly string[]).includes(chosen))
    return `unknown profile "${chosen}" (known: ${PROFILE_NAMES.join(', ')})`;
  const profile = chosen as ProfileName;
  return { name: profile, settings: PROFILES[profile](), requestFields: {} };
}
