import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/agent/citations';

/**
 * Sentences that reuse a page's words but say something else must not be cited; their honest
 * restatements must be. Each pair differs in one thing a reader would notice.
 */
const pi = {
  url: 'https://pi.example/article',
  title: 'Raspberry Pi 3 review',
  text: [
    'The Raspberry Pi 3 is about ten times faster than the original Raspberry Pi.',
    'It is not sold in shops; it is available from online resellers.',
    'Four of the five testers preferred it to the Raspberry Pi 2.',
    'The board costs $35 and was released in February 2016 by the foundation.',
  ].join('\n'),
};
const heise = {
  url: 'https://heise.example/artikel',
  title: '1Password für Mac',
  text: 'Die TOTP-Unterstützung verringert die Sicherheit, weil es keinen echten zweiten Faktor mehr gibt. 1Password kostet knapp 50 Euro.',
};
const zh = {
  url: 'https://zh.example/a',
  title: '太空饮酒',
  text: '在这项研究中，17名男子在地面喝了伏特加。研究人员发现酒精和海拔高度没有交互作用。',
};

const cited = (answer: string, pages = [pi]) => citeAnswer(answer, pages).sentences[0]?.citations ?? [];

describe('citations: a claim that reuses the page words to say something else', () => {
  it('needs every number it states', () => {
    expect(cited('The board costs $35.')).toEqual([1]);
    expect(cited('The board costs $45.')).toEqual([]);
    expect(cited('The board was released in February 2016.')).toEqual([1]);
    expect(cited('The board was released in February 2015.')).toEqual([]);
    expect(cited('1Password kostet knapp 30 Euro.', [heise])).toEqual([]);
    expect(cited('在这项研究中，27名男子喝了伏特加。', [zh])).toEqual([]);
    expect(cited('在这项研究中，17名男子喝了伏特加。', [zh])).toEqual([1]);
  });

  it('agrees on negation', () => {
    expect(cited('The Raspberry Pi 3 is not sold in shops.')).toEqual([1]);
    expect(cited('The Raspberry Pi 3 is sold in shops.')).toEqual([]);
    expect(cited('研究人员发现酒精和海拔高度有交互作用。', [zh])).toEqual([]);
  });

  it('does not add a quantifier the page does not state', () => {
    expect(cited('All five testers preferred it to the Raspberry Pi 2.')).toEqual([]);
    expect(cited('Four of the five testers preferred it to the Raspberry Pi 2.')).toEqual([1]);
  });

  it('keeps the direction of a comparison', () => {
    expect(cited('The Raspberry Pi 3 is about ten times slower than the original Raspberry Pi.')).toEqual([]);
    expect(cited('Die TOTP-Unterstützung erhöht die Sicherheit.', [heise])).toEqual([]);
    expect(cited('Die TOTP-Unterstützung verringert die Sicherheit.', [heise])).toEqual([1]);
  });

  it('needs the names it states', () => {
    expect(cited('The board was released in February 2016 by the foundation.')).toEqual([1]);
    expect(cited('The board was released in February 2016 by Broadcom.')).toEqual([]);
  });
});
