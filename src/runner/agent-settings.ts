import type { AgentSettings } from '../agent/settings';
import type { Settings } from '../settings/schema';

/** Thoroughness caps the steps under the user's hard limit: a quick look need not walk 200 steps. */
const STEP_CAP = { quick: 15, balanced: 60, deep: 200 } as const;

export function agentSettingsFrom(s: Settings): Partial<AgentSettings> {
  return {
    maxSteps: Math.min(s.stepLimit, STEP_CAP[s.thoroughness]),
    contextWindow: s.contextWindow,
    temperature: s.temperature,
    ...(s.customPrompt.trim() ? { systemPrompt: s.customPrompt } : {}),
  };
}
