import { describe, expect, it } from 'vitest';
import { markdownToPlainText, wordF1, words } from '../../../src/extract/words';

describe('word metrics', () => {
  it('splits Latin words and CJK characters', () => {
    expect(words("Don't panic, 42 times!")).toEqual(["don't", 'panic', '42', 'times']);
    expect(words('人工智能AI')).toEqual(['人', '工', '智', '能', 'ai']);
  });

  it('scores overlap as a multiset F1', () => {
    expect(wordF1('a b c', 'a b c')).toBe(1);
    expect(wordF1('a a', 'a')).toBeCloseTo(2 / 3);
    expect(wordF1('x', 'y')).toBe(0);
  });

  it('ignores link targets when reading markdown as text', () => {
    expect(markdownToPlainText('see [the docs](https://x.example/a_(b)) now')).toBe('see [the docs] now');
  });
});
