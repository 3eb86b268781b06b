import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/agent/citations';
import { citeTerms } from '../../../src/agent/cite-terms';

const keys = (text: string) => citeTerms(text).map((t) => t.key);

describe('citations: paraphrase the page in other words', () => {
  it('reads a short verb and its past tense as one word ("move"/"moved", "hire"/"hired", "save"/"saved")', () => {
    expect(keys('moved hired saved')).toEqual(keys('move hire save'));
    // "note" must not become the negation's key.
    expect(keys('note')).not.toEqual(keys('not'));
  });
});

describe('citations: hedged and emphatic quantifiers', () => {
  const page = {
    url: 'https://hotel.example/towels',
    title: 'Housekeeping notes',
    text: [
      'Where do you almost always find a hand towel in a room a man has just left? On the floor, next to the bed.',
      'With the blocker for Firefox and Chrome the browser does not send third-party requests at all.',
      'Such blockers are harder to use than plain browsers.',
    ].join('\n'),
  };
  const cited = (s: string) => citeAnswer(s, [page]).sentences[0]?.citations;

  it('takes "almost always" as the page\'s hedge, not as "always" beside the same word', () => {
    expect(
      cited('In a room a man has just left, a hand towel almost always lies on the floor next to the bed.'),
    ).toEqual([1]);
  });

  it('reads "not … at all" as a stressed negation, not as "all"', () => {
    expect(
      cited(
        'With a blocker for Firefox or Chrome, browsers send no third-party requests at all, though blockers are harder to use.',
      ),
    ).toEqual([1]);
  });
});
