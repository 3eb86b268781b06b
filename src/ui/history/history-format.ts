import type { SessionRecord } from '../../store/records';

/** Local date and time, short: history rows are scanned, not read. */
export function formatWhen(ms: number, locale?: string): string {
  return new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Stopped, failed or crashed (still 'running' but not active) sessions can be continued. */
export function canContinue(s: SessionRecord, activeIds: readonly string[]): boolean {
  if (s.readOnly || s.origin === 'import' || activeIds.includes(s.id)) return false;
  return s.status === 'stopped' || s.status === 'error' || s.status === 'paused' || s.status === 'running';
}
