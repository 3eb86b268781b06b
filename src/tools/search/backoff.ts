/**
 * Per-provider pause after a failure, as pure state transitions (the chain owns the clock).
 *
 * Transient trouble (429, 5xx, timeouts, captcha pages, unreachable, unreadable answers) doubles the
 * pause each time, up to a ceiling. A rejected key or bad setting gets one fixed pause that does not
 * grow, so a fixed key works again soon without each search first waiting on the broken provider.
 */

import type { SearchErrorKind } from './errors';

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Pause after 'unauthorized' / 'config' failures. */
  settingsMs: number;
}

export const DEFAULT_BACKOFF: Readonly<BackoffPolicy> = Object.freeze({
  baseMs: 30_000,
  maxMs: 30 * 60_000,
  settingsMs: 5 * 60_000,
});

export interface BackoffState {
  failures: number;
  until: number;
  lastKind: SearchErrorKind;
  lastMessage: string;
}

export interface FailureInfo {
  kind: SearchErrorKind;
  message: string;
  retryAfterMs?: number | undefined;
}

export function nextBackoff(
  previous: BackoffState | undefined,
  failure: FailureInfo,
  now: number,
  policy: BackoffPolicy,
): BackoffState {
  const base = { lastKind: failure.kind, lastMessage: failure.message };
  if (failure.kind === 'unauthorized' || failure.kind === 'config' || failure.kind === 'redirected') {
    return { ...base, failures: previous?.failures ?? 0, until: now + policy.settingsMs };
  }
  const failures = (previous?.failures ?? 0) + 1;
  const exponential = policy.baseMs * 2 ** Math.min(failures - 1, 20);
  const wait = Math.min(policy.maxMs, Math.max(exponential, failure.retryAfterMs ?? 0));
  return { ...base, failures, until: now + wait };
}

export function isBackedOff(state: BackoffState | undefined, now: number): boolean {
  return state !== undefined && now < state.until;
}
