import type { SessionRecord } from '../../store/records';

/** Midnight at the start of the local day of `ms`. */
const dayStart = (ms: number) => new Date(ms).setHours(0, 0, 0, 0);

/**
 * Local date and time, short: history rows are scanned, not read. Today's and yesterday's runs say
 * so ("Today 1:42 PM"): a full date on each of today's rows made the reader work out which day it was.
 */
export function formatWhen(ms: number, locale?: string, now = Date.now()): string {
  const days = Math.round((dayStart(now) - dayStart(ms)) / 86_400_000);
  if (days === 0 || days === 1) {
    const word = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-days, 'day');
    const time = new Date(ms).toLocaleTimeString(locale, { timeStyle: 'short' });
    return `${word.charAt(0).toLocaleUpperCase(locale) + word.slice(1)} ${time}`;
  }
  return new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Stopped, failed or crashed (still 'running' but not active) sessions can be continued. */
export function canContinue(s: SessionRecord, activeIds: readonly string[]): boolean {
  if (s.readOnly || s.origin === 'import' || activeIds.includes(s.id)) return false;
  return s.status === 'stopped' || s.status === 'error' || s.status === 'paused' || s.status === 'running';
}
