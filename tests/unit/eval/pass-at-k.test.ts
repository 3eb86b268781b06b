import { describe, expect, it } from 'vitest';
import { meanPassAtK, passAtK } from '../../../scripts/eval/pass-at-k';

describe('pass@k (unbiased estimator)', () => {
  it('matches values worked out by hand', () => {
    // 1 − C(3,2)/C(4,2) = 1 − 3/6
    expect(passAtK(4, 1, 2)).toBeCloseTo(0.5, 12);
    // 1 − C(3,3)/C(5,3) = 1 − 1/10
    expect(passAtK(5, 2, 3)).toBeCloseTo(0.9, 12);
    // 1 − C(13,4)/C(16,4) = 1 − 715/1820
    expect(passAtK(16, 3, 4)).toBeCloseTo(1 - 715 / 1820, 12);
    // k = 1 is the share correct
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12);
  });

  it('is 0 with no correct attempt and 1 when all are correct', () => {
    expect(passAtK(8, 0, 1)).toBe(0);
    expect(passAtK(8, 0, 8)).toBe(0);
    expect(passAtK(8, 8, 1)).toBe(1);
    expect(passAtK(8, 8, 5)).toBe(1);
  });

  it('with k = n is 1 as soon as one attempt is correct', () => {
    expect(passAtK(4, 1, 4)).toBe(1);
    expect(passAtK(1, 1, 1)).toBe(1);
    expect(passAtK(1, 0, 1)).toBe(0);
  });

  it('refuses impossible inputs', () => {
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 4)).toThrow(/k must be between/);
    expect(() => passAtK(3, 1, 0)).toThrow(RangeError);
    expect(() => passAtK(3.5, 1, 1)).toThrow(/whole numbers/);
  });

  it('averages over questions, leaving out those with fewer than k attempts', () => {
    const m = meanPassAtK(
      [
        { n: 3, c: 1 },
        { n: 3, c: 0 },
        { n: 1, c: 1 },
      ],
      3,
    );
    expect(m['1']).toBeCloseTo((1 / 3 + 0 + 1) / 3, 12);
    expect(m['2']).toBeCloseTo((2 / 3 + 0) / 2, 12);
    expect(m['3']).toBeCloseTo((1 + 0) / 2, 12);
    expect(meanPassAtK([], 2)).toEqual({ '1': null, '2': null });
  });
});
