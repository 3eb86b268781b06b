import type { Settings } from '../../settings/schema';
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

export const errorParts = (e: unknown): { message: string; hint?: string } => {
  if (e instanceof Error) {
    const hint = (e as Error & { hint?: unknown }).hint;
    return { message: e.message, ...(typeof hint === 'string' && hint ? { hint } : {}) };
  }
  return { message: String(e) };
};
