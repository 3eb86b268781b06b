import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';

const page = (text: string) => ({ url: 'https://page.example/a', title: 'Notes', text });
const cited = (sentence: string, text: string) =>
  citeAnswer(sentence, [page(text)]).sentences[0]?.citations ?? [];

describe('citations: negations that are not said of the word before them', () => {
  it('reads "not" after a preposition as denying what follows ("a price of not free")', () => {
    const text =
      'By releasing the player as a free app, he has hurt the developers selling their apps for an up-front price of not free.';
    expect(
      cited(
        'By releasing the player for free, he hurts developers who sell apps for an up-front price.',
        text,
      ),
    ).toEqual([1]);
  });

  it('reads a negation in a relative clause as denying its verb, not the thing before it', () => {
    const text =
      'If the site looks goofy in your browser, you are likely using a browser that doesn’t support web standards. If you complain about this, I will laugh at you.';
    expect(
      cited('If readers complain the site looks goofy in their browser, he will laugh at them.', text),
    ).toEqual([1]);
  });

  it('still reads a negation as said of its subject', () => {
    const text = 'Allen was not involved in the peanut study, which Du Toit led at King’s College.';
    expect(cited('Allen was part of the peanut study.', text)).toEqual([]);
    expect(
      cited(
        'The browser supports web standards.',
        'You are using a browser that doesn’t support web standards.',
      ),
    ).toEqual([]);
  });
});

describe('citations: a negation with a contraction', () => {
  it('reads "Nobody\'s going to go" as denying "go", not the contraction', () => {
    const text = 'Nobody’s going to go on record about the deal, the sources said.';
    expect(cited('Nobody would go on record about the deal.', text)).toEqual([1]);
    expect(cited('Everybody would go on record about the deal.', text)).toEqual([]);
  });
});

describe('citations: adjectives that carry a negation', () => {
  it('reads "immutable", "unable", "irreversible" as negations ("cannot be changed", "could not")', () => {
    const text = 'Once pushed to the server, the public changesets of a repository are immutable.';
    const claim = 'Once pushed to the server, the public changesets of a repository cannot be changed.';
    expect(cited(claim, text)).toEqual([1]);
    expect(cited('The backup can be undone.', 'The backup is irreversible.')).toEqual([]);
    const staff = 'The night staff were unable to open the safe.';
    expect(cited('The night staff could not open the safe.', staff)).toEqual([1]);
  });

  it('does not read "incredible" or "inevitable" as negations', () => {
    expect(
      cited('The deck was a success with readers.', 'The deck was an incredible success with readers.'),
    ).toEqual([1]);
    expect(
      cited('The deck was not a success with readers.', 'The deck was an incredible success with readers.'),
    ).toEqual([]);
  });
});
