/** The names of the model profiles and the policy words they set (apart from profiles.ts so settings can use them without a cycle). */

export const PROFILE_IDS = ['dr-venus', 'general'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/**
 * `fold` shortens old turns when the window is full; `no-fold` asks for the answer instead (the
 * DR-Venus reference does that: the model never saw compressed history); `auto` folds only in
 * windows below {@link LARGE_WINDOW} tokens.
 */
export type FoldPolicy = 'fold' | 'no-fold' | 'auto';
/** `resample` draws a repeated call again (then runs it); `note` returns the earlier result with a note. */
export type DuplicatePolicy = 'resample' | 'note';

/** From here on a window is a server's: long enough that DR-Venus's runs (RL: 47–103 turns) fit. */
export const LARGE_WINDOW = 131_072;
