import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/agent/citations';

// An English page and answers in other languages (the answer cites in the user's language).
const page = {
  url: 'https://news.example/sudan',
  title: 'United States to Lift Sudan Sanctions',
  text:
    'After nearly 20 years of hostile relations, the American government plans to lift trade sanctions on Sudan.\n' +
    'In 1997, President Bill Clinton imposed a comprehensive trade embargo against Sudan.\n' +
    'Officials said they did not know if Trump would stick with the policy in 2017.\n' +
    'Super Mario Run will launch on iPhone on December 15 for a flat fee of $9.99.\n',
};

const cited = (sentence: string) => citeAnswer(sentence, [page]).sentences[0]?.citations ?? [];

describe('citations across languages', () => {
  it('cites a German claim from an English page by its numbers and names', () => {
    expect(
      cited('1997 verhängte Präsident Bill Clinton ein umfassendes Handelsembargo gegen den Sudan.'),
    ).toEqual([1]);
    expect(
      cited('Nach fast 20 Jahren will die amerikanische Regierung die Sanktionen gegen den Sudan aufheben.'),
    ).toEqual([1]);
  });

  it('does not cite it with a changed number or another person', () => {
    expect(
      cited('1998 verhängte Präsident Bill Clinton ein umfassendes Handelsembargo gegen den Sudan.'),
    ).toEqual([]);
    expect(cited('1997 verhängte Präsident Jimmy Carter ein Handelsembargo gegen den Sudan.')).toEqual([]);
  });

  it('does not cite a negation stated on one side only', () => {
    expect(cited('Die Beamten wussten nicht, ob Trump 2017 an der Politik festhalten würde.')).toEqual([1]);
    expect(cited('Die Beamten wussten, dass Trump 2017 an der Politik festhalten würde.')).toEqual([]);
  });

  it('reads months, currencies and decimal commas in any of the languages', () => {
    expect(cited('《Super Mario Run》将于12月15日在iPhone上推出，售价9.99美元。')).toEqual([1]);
    expect(cited('《Super Mario Run》将于11月15日在iPhone上推出，售价9.99美元。')).toEqual([]);
    expect(
      cited(
        'El juego Super Mario Run saldrá a la venta el 15 de diciembre para el iPhone con un precio único de 9,99 dólares.',
      ),
    ).toEqual([1]);
    expect(
      cited(
        'El juego Super Mario Run saldrá a la venta el 15 de diciembre para el iPhone con un precio único de 9,99 euros.',
      ),
    ).toEqual([]);
  });

  it('leaves a claim in the page language to the word matcher', () => {
    expect(cited('In 1997 Clinton banned commerce with Sudan.')).toEqual([]);
  });
});
