import { describe, expect, it } from 'vitest';
import { formatWhen } from '../../../../src/ui/history/history-format';

describe("a history row's date", () => {
  // Local times: the row shows the reader's own day.
  const now = new Date(2026, 11, 1, 15, 0).getTime();
  const at = (day: number, h: number, m: number) => new Date(2026, 11, day, h, m).getTime();

  it('says "Today" and "Yesterday" for the last two days, the date before that', () => {
    // Each of today's rows said "Dec 1, 2026, 1:42 PM".
    expect(formatWhen(at(1, 13, 42), 'en-US', now)).toBe('Today 1:42 PM');
    expect(formatWhen(at(1, 0, 5), 'en-US', now)).toBe('Today 12:05 AM');
    expect(formatWhen(new Date(2026, 10, 30, 23, 59).getTime(), 'en-US', now)).toBe('Yesterday 11:59 PM');
    expect(formatWhen(new Date(2026, 10, 29, 9, 0).getTime(), 'en-US', now)).toBe('Nov 29, 2026, 9:00 AM');
  });

  it('in the reader\u2019s language', () => {
    expect(formatWhen(at(1, 13, 42), 'zh-CN', now)).toBe('今天 13:42');
  });
});
