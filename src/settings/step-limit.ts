import type { Settings } from './schema';

/** Thoroughness caps the steps under the user's hard limit: a quick look need not walk 200 steps. */
const STEP_CAP = { quick: 15, balanced: 60, deep: 200 } as const;

/**
 * The steps a run may really take: the lower of the user's step limit and the thoroughness cap
 * ('profile' thoroughness: the profile's own limit). The runner and the options page both ask here,
 * so the page never promises a number the run will not honour.
 */
export function stepsAllowed(s: Settings, profileMaxSteps: number | undefined): number {
  const cap = s.thoroughness === 'profile' ? (profileMaxSteps ?? s.stepLimit) : STEP_CAP[s.thoroughness];
  return Math.min(s.stepLimit, cap);
}
