import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';

const cited = (sentence: string, text: string) =>
  citeAnswer(sentence, [{ url: 'https://page.example/a', title: 'Notes', text }]).sentences[0]?.citations ??
  [];

describe('citations: names the page gives outside the matched stretch', () => {
  it('finds a name the page sentence gives after a long aside', () => {
    const text =
      'Cyd visits her Aunt Miranda (Rebecca Spence, playing a character modeled on the author Marilynne Robinson, ' +
      'whose novels about faith, grace, doubt and prayer in small prairie towns the film quotes at length, often ' +
      'word for word, in long scenes on the porch) in Chicago.';
    expect(cited('Cyd visits her Aunt Miranda in Chicago.', text)).toEqual([1]);
    expect(cited('Cyd visits her Aunt Miranda in Boston.', text)).toEqual([]);
  });

  it('takes a surname for the first name the page uses, when the page gives the full name', () => {
    const text =
      'Marco Arment moved Overcast to a patronage model. The app store rules changed twice that year, and the ' +
      'small studios in the market wrote long posts about pricing, subscriptions, refunds, reviews, ratings, ' +
      'search ranking, featured lists and the cost of support email for tiny teams with no marketing budget at ' +
      'all. Developers count on Marco’s friends at the big sites for their PR.';
    expect(cited("Developers count on Arment's friends at the big sites for their PR.", text)).toEqual([1]);
    expect(cited("Developers count on Gruber's friends at the big sites for their PR.", text)).toEqual([]);
  });
});
