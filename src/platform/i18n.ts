import { chrome } from './browser-api';

export type Translate = (key: string, substitutions?: string | string[]) => string;

// `chrome` is undefined outside an extension (Node tests of the views), hence the optional chains.

/** Falls back to the key itself so a missing string is visible rather than blank. */
export const t: Translate = (key, substitutions) => chrome?.i18n?.getMessage(key, substitutions) || key;
