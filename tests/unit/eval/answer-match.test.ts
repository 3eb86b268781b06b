import { describe, expect, it } from 'vitest';
import { containsGold, matchesGold } from '../../../scripts/eval/answer-match';

describe('exact judge matching', () => {
  it('folds case, markdown, quotes, punctuation and articles', () => {
    expect(
      matchesGold('**The earlier episode is “The Bells and Whistles.”**', 'The Bells and Whistles'),
    ).toBe(true);
    expect(matchesGold('paris', 'Paris')).toBe(true);
    expect(matchesGold('It is Bells and Whistles', 'The Bells and Whistles')).toBe(true);
  });

  it('ignores thousands separators but not decimals', () => {
    expect(matchesGold('About 13186 seats', '13,186')).toBe(true);
    expect(matchesGold('30 000 000 lists', '30,000,000')).toBe(true);
    expect(matchesGold('version 4.1', '4.1')).toBe(true);
    expect(matchesGold('version 4.2', '4.1')).toBe(false);
    expect(matchesGold('41 things', '4.1')).toBe(false);
  });

  it('takes the value after a label in the gold answer', () => {
    expect(matchesGold('**13,186** (Boundary Park)', 'Capacity: 13,186')).toBe(true);
  });

  it('accepts the gold words in another order', () => {
    expect(
      matchesGold(
        "The '13th Five-Year' Special Plan for S&T Military-Civil Fusion Development",
        '13th Five-Year S&T Military-Civil Fusion Development Special Plan',
      ),
    ).toBe(true);
  });

  it('lets a long gold answer miss one word in four, not a short one', () => {
    expect(matchesGold('Buffy the Vampire Slayer Season Eight', 'Buffy the Vampire Slayer comics')).toBe(
      true,
    );
    expect(matchesGold('Margaret Hamilton', 'Margaret Fetter')).toBe(false);
    expect(matchesGold('Daniel Rothman', 'Daniel Mortimer')).toBe(false);
  });

  it('matches Chinese answers in order only', () => {
    expect(matchesGold('第一个在月球上喝酒的是巴兹·奥尔德林。', '巴兹·奥尔德林')).toBe(true);
    expect(matchesGold('奥尔德林巴兹', '巴兹·奥尔德林')).toBe(false);
  });

  it('never matches an empty prediction', () => {
    expect(matchesGold(null, 'Paris')).toBe(false);
    expect(matchesGold('  ', 'Paris')).toBe(false);
    expect(matchesGold('…', 'Paris')).toBe(false);
  });

  it('the strict form (the judge shortcut) needs the gold words side by side', () => {
    expect(containsGold('It was Ellen Fetter.', 'Ellen Fetter')).toBe(true);
    expect(containsGold('Fetter, Ellen', 'Ellen Fetter')).toBe(false);
    expect(containsGold('anything', '')).toBe(false);
  });
});
