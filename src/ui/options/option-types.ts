import { runErrorOf } from '../../errors/run-error';
import type { Settings } from '../../settings/schema';
import { errorWords } from '../errors/error-words';
import type { Translate } from '../shared/translate';

export type SetSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

/** What every section gets: the edited (unsaved) settings and a setter. */
export interface SectionProps {
  settings: Settings;
  set: SetSetting;
  t: Translate;
}

/** A pending change to one secret: a new value, or null to remove it on Save. */
export type SecretEdit = string | null;

/**
 * A failure as the options page shows it: worded from its code in the user's language when it has one
 * (an engine or search error sent across the message boundary keeps it), else the text it came with.
 */
export function errorParts(e: unknown, t: Translate): { message: string; hint?: string } {
  const info = runErrorOf(e);
  if (info) {
    const w = errorWords(info, t);
    return { message: w.reason, ...(w.fix ? { hint: w.fix } : {}) };
  }
  // An Error, or the engine status's `{ message, hint }`.
  if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') {
    const { message, hint } = e as { message: string; hint?: unknown };
    return { message, ...(typeof hint === 'string' && hint ? { hint } : {}) };
  }
  return { message: String(e) };
}
