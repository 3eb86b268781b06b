import { describe, expect, it } from 'vitest';
import { formatDuration, statItems, statsFromSteps } from '../../../../src/ui/trajectory/format-stats';
import { sampleSteps } from '../../export/sample-session';

describe('run statistics', () => {
  it('counts steps, searches, visits and browse share from the steps', () => {
    const s = statsFromSteps(sampleSteps());
    expect(s).toMatchObject({ steps: 4, searches: 1, visits: 2 });
    expect(s.browseShare).toBeCloseTo(2 / 3);
    // From the first step starting to the last one finishing.
    expect(s.elapsedMs).toBe(3 * 60_000 + 30_000);
  });

  it('formats the header figures a user reads', () => {
    const items = Object.fromEntries(
      statItems({ ...statsFromSteps(sampleSteps()), tokensOut: 1200, tokensIn: 9800 }, 60_000).map((i) => [
        i.key,
        i.value,
      ]),
    );
    expect(items).toMatchObject({ steps: '4', browse: '67%', tokens: '11k', rate: '20', elapsed: '1:00' });
  });

  it('formats durations over an hour', () => {
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
