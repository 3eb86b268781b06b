import { describe, expect, it } from 'vitest';
import { containsGold, sameAnswer } from '../../../scripts/eval/answer-match';

describe('answer equality (the one judge shortcut)', () => {
  it('folds case, markdown, quotes, punctuation and articles', () => {
    expect(sameAnswer('**“The Bells and Whistles.”**', 'The Bells and Whistles')).toBe(true);
    expect(sameAnswer('paris', 'Paris')).toBe(true);
    expect(sameAnswer('Bells and Whistles', 'The Bells and Whistles')).toBe(true);
  });

  it('ignores thousands separators but not decimals', () => {
    expect(sameAnswer('13186', '13,186')).toBe(true);
    expect(sameAnswer('30 000 000', '30,000,000')).toBe(true);
    expect(sameAnswer('4.2', '4.1')).toBe(false);
    expect(sameAnswer('41', '4.1')).toBe(false);
  });

  it('is not containment: extra words, other candidates or another order are not equal', () => {
    expect(sameAnswer('It is not Paris; the answer is Lyon', 'Paris')).toBe(false);
    expect(sameAnswer('Candidates: Marie Curie or Lise Meitner', 'Marie Curie')).toBe(false);
    expect(sameAnswer('12 March 1950, killed 3 people', '3')).toBe(false);
    expect(sameAnswer('**13,186** (Boundary Park)', 'Capacity: 13,186')).toBe(false);
    expect(sameAnswer('Fetter, Ellen', 'Ellen Fetter')).toBe(false);
  });

  it('compares Chinese answers character by character', () => {
    expect(sameAnswer('巴兹·奥尔德林。', '巴兹·奥尔德林')).toBe(true);
    expect(sameAnswer('是巴兹·奥尔德林', '巴兹·奥尔德林')).toBe(false);
  });

  it('never matches an empty prediction or gold', () => {
    expect(sameAnswer(null, 'Paris')).toBe(false);
    expect(sameAnswer('  ', 'Paris')).toBe(false);
    expect(sameAnswer('…', '…')).toBe(false);
  });

  it('containment (for scripted models checking their evidence) needs the gold words side by side', () => {
    expect(containsGold('It was Ellen Fetter.', 'Ellen Fetter')).toBe(true);
    expect(containsGold('Fetter, Ellen', 'Ellen Fetter')).toBe(false);
    expect(containsGold('anything', '')).toBe(false);
  });
});
