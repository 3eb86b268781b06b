import { describe, expect, it } from 'vitest';
import { scorePage, scoreSet, shingleCounts, shingles, tokenize } from '../../../scripts/lib/shingle-score';

describe('tokenize', () => {
  it('lower-cases words and drops punctuation', () => {
    expect(tokenize('Hello, World! Naïve café — 3.14')).toEqual([
      'hello',
      'world',
      'naïve',
      'café',
      '3',
      '14',
    ]);
  });

  it('makes each Chinese, Japanese or Korean character a token', () => {
    expect(tokenize('東京タワー는 Tokyo')).toEqual(['東', '京', 'タ', 'ワ', 'ー', '는', 'tokyo']);
  });

  it('reads markdown emphasis and escapes as separators', () => {
    expect(tokenize('_is currently_ is\\_anomaly **bold**')).toEqual([
      'is',
      'currently',
      'is',
      'anomaly',
      'bold',
    ]);
  });
});

describe('shingles', () => {
  it('cuts n-token windows, counting repeats', () => {
    const s = shingles(tokenize('a b c d a b c d'));
    expect(s.size).toBe(4);
    expect(s.get('a\u0001b\u0001c\u0001d')).toBe(2);
  });

  it('makes one shingle of a text shorter than n', () => {
    expect([...shingles(['a', 'b']).entries()]).toEqual([['a\u0001b', 1]]);
    expect(shingles([]).size).toBe(0);
  });
});

describe('scorePage (values worked out by hand)', () => {
  const label = 'The cat sat on the mat.'; // shingles: [the cat sat on] [cat sat on the] [sat on the mat]

  it('counts extra text against precision', () => {
    const s = scorePage('The cat sat on the mat today', label);
    expect(s).toMatchObject({ tp: 3, fp: 1, fn: 0, precision: 0.75, recall: 1 });
    expect(s.f1).toBeCloseTo(6 / 7, 10);
  });

  it('counts missing text against recall', () => {
    const s = scorePage('the cat sat on', label);
    expect(s).toMatchObject({ tp: 1, fp: 0, fn: 2, precision: 1 });
    expect(s.recall).toBeCloseTo(1 / 3, 10);
    expect(s.f1).toBeCloseTo(0.5, 10);
  });

  it('matches repeated shingles as a multiset', () => {
    expect(shingleCounts('a b c d', 'a b c d a b c d')).toEqual({ tp: 1, fp: 0, fn: 4 });
    expect(scorePage('a b c d', 'a b c d a b c d').recall).toBeCloseTo(0.2, 10);
  });

  it('scores nothing extracted as zero, and two empty texts as perfect', () => {
    expect(scorePage('', label)).toMatchObject({ precision: 0, recall: 0, f1: 0 });
    expect(scorePage('', '')).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });
});

describe('scoreSet', () => {
  it('averages precision and recall over pages and takes F1 of the means', () => {
    const a = scorePage('The cat sat on the mat today', 'The cat sat on the mat.'); // P 0.75, R 1
    const b = scorePage('the cat sat on', 'The cat sat on the mat.'); // P 1, R 1/3
    const s = scoreSet([a, b]);
    expect(s.precision).toBeCloseTo(0.875, 10);
    expect(s.recall).toBeCloseTo(2 / 3, 10);
    expect(s.f1).toBeCloseTo((2 * 0.875 * (2 / 3)) / (0.875 + 2 / 3), 10);
    expect(s.meanPageF1).toBeCloseTo((6 / 7 + 0.5) / 2, 10);
  });

  it('leaves pages that extracted nothing out of the precision mean', () => {
    const s = scoreSet([
      scorePage('', 'the cat sat on the mat'),
      scorePage('the cat sat on the mat', 'the cat sat on the mat'),
    ]);
    expect(s.precision).toBe(1);
    expect(s.recall).toBe(0.5);
  });
});
