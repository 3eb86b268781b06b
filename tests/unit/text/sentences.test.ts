import { describe, expect, it } from 'vitest';
import { leadSentences, sentences, splitSentences } from '../../../src/text/sentences';

describe('splitSentences', () => {
  it('splits into sentences that join back to the exact text, whitespace with the sentence before', () => {
    const text = 'First claim. Second one!\n\n- a bullet\n东京是首都。最后';
    const parts = splitSentences(text);
    expect(parts.join('')).toBe(text);
    expect(parts).toEqual(['First claim. ', 'Second one!\n\n', '- a bullet\n', '东京是首都。', '最后']);
  });

  it('keeps "e.g. this", decimals and closing emphasis with their sentence', () => {
    expect(splitSentences('**Bold claim.** It costs 3.14 dollars, e.g. this much. Done')).toEqual([
      '**Bold claim.** ',
      'It costs 3.14 dollars, e.g. this much. ',
      'Done',
    ]);
  });

  it('keeps a markdown heading whole, whatever punctuation it holds', () => {
    const text = '## Que regarder cette semaine ? La sélection\n\n### The L.E.A.N. Ads program\nBody. More';
    expect(splitSentences(text)).toEqual([
      '## Que regarder cette semaine ? La sélection\n\n',
      '### The L.E.A.N. Ads program\n',
      'Body. ',
      'More',
    ]);
  });

  it('splits a long paragraph as the Unicode rules do on the whole of it', () => {
    const words = ['alpha', 'beta', 'Gamma', 'e.g. delta', '3.5 units', 'Mr. Smith', '东京是首都。'];
    let text = '';
    for (let i = 0; i < 600; i++) text += `${words[i % words.length]} number ${i}${i % 3 ? '. ' : ', '}`;
    const whole = [...new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(text)].map(
      (s) => s.segment,
    );
    expect(text.length).toBeGreaterThan(10_000);
    expect(splitSentences(text)).toEqual(whole);
  });
});

describe('sentences', () => {
  it('gives trimmed single-spaced sentences and leads within a character budget', () => {
    expect(sentences('  One  here.\nTwo\tthere!  ')).toEqual(['One here.', 'Two there!']);
    expect(leadSentences('One here. Two there. Three.', 2, 100)).toBe('One here. Two there.');
    expect(leadSentences('A very long first sentence.', 1, 10)).toBe('A very lo…');
  });
});
