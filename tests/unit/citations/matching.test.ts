import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { citeTerms, numbersAgree } from '../../../src/citations/matching/terms';

const kiwi = {
  url: 'https://a.org/kiwi',
  title: 'Kiwi',
  text: [
    'The kiwi is a flightless bird endemic to New Zealand.',
    'It lays the largest egg relative to its body size of any bird.',
    'There are five recognised species, and the population is about 68,000 birds.',
  ].join('\n'),
};
const moa = {
  url: 'https://b.org/moa',
  title: 'Moa',
  text: 'The moa were nine species of flightless birds. They were hunted to extinction by about 1445.',
};

const cite = (answer: string) => citeAnswer(answer, [kiwi, moa]);

describe('citations: which sentences are supported', () => {
  it('cites "A costs $15 and B $25" from two list entries far apart, and not with the prices swapped', () => {
    const entry = (name: string, price: number, blurb: string) => `“${name}” ($${price})\n${blurb}`;
    const shop = {
      url: 'https://games.example/list',
      title: 'Games worth buying',
      text: [
        entry(
          'Orbit Zero',
          15,
          'A calm puzzle game about planets that slowly teaches you its rules without a single word.',
        ),
        entry(
          'Lantern',
          40,
          'A long story game set in a lighthouse, with a cast of odd keepers and a cat that follows you.',
        ),
        entry(
          'Harbor',
          10,
          'Build docks and move freight before the tide comes in; it gets hard quickly after the tutorial.',
        ),
        entry(
          'Drift',
          25,
          'Racing on ice with cars that feel heavy and real, and tracks that change with the weather.',
        ),
      ].join('\n'),
    };
    const cited = (answer: string) => citeAnswer(answer, [shop]).sentences.flatMap((x) => x.citations);
    expect(cited('"Orbit Zero" costs $15 and "Drift" $25.')).toEqual([1]);
    expect(cited('"Orbit Zero" costs $25 and "Drift" $15.')).toEqual([]);
  });

  it('cites a sentence that joins two adjacent lines of a page', () => {
    const s = cite(
      'The kiwi, a flightless bird of New Zealand, lays the largest egg relative to its body size.',
    ).sentences[0];
    expect(s?.citations).toEqual([1]);
  });

  it('cites both pages when one sentence joins facts from two', () => {
    const c = cite(
      'The kiwi is a flightless bird endemic to New Zealand, while the moa were hunted to extinction.',
    );
    expect(c.sentences[0]?.citations).toEqual([1, 2]);
    expect(c.sources.map((s) => s.url)).toEqual([kiwi.url, moa.url]);
  });

  it('reads restated numbers and inflections as the same fact', () => {
    expect(cite('Its population is about 68 thousand birds.').sentences[0]?.citations).toEqual([1]);
    expect(cite('Moa were hunted until their extinction around 1445.').sentences[0]?.citations).toEqual([1]);
  });

  it('flags a sentence that shares topic words but states another fact', () => {
    const c = cite('The kiwi lays the smallest egg of any bird in Australia.');
    expect(c.sentences[0]?.citations).toEqual([]);
    expect(c.sentences[0]?.supported).toBe(false);
    expect(cite('The moa were hunted to extinction by about 1845.').sentences[0]?.supported).toBe(false);
  });

  it('never cites or flags headings and list labels', () => {
    const c = cite(
      '## Kiwi facts\n**Key points:**\n- Species\nThe kiwi is a flightless bird endemic to New Zealand.\n',
    );
    expect(c.sentences.slice(0, 3).map((s) => [s.heading, s.supported, s.citations.length])).toEqual([
      [true, true, 0],
      [true, true, 0],
      [true, true, 0],
    ]);
    expect(c.sentences[3]?.citations).toEqual([1]);
  });

  it('matches Chinese by character pairs', () => {
    const tokyo = { url: 'https://c.org', title: '东京', text: '东京是日本的首都。东京都人口约1400万。' };
    const c = citeAnswer('东京的人口约1400万。上海是中国最大的城市。', [tokyo]);
    expect(c.sentences.map((s) => s.citations)).toEqual([[1], []]);
  });

  it('tries the next stretch of a page when the best one takes in a negation from the sentence before', () => {
    const survey = {
      url: 'https://d.example/a',
      title: 'What teams told our dashboard survey',
      text: 'The survey also asked teams not using dashboards about their alerts.\nAbout 74% of teams using dashboards said they wanted fewer alerts, compared to 57% of the others.',
    };
    const c = citeAnswer('In the survey, 74% of teams using dashboards wanted fewer alerts.', [survey]);
    expect(c.sentences[0]?.citations).toEqual([1]);
    expect(c.sentences[0]?.quotes?.[0]).toMatch(/^About 74% of teams using dashboards/);
  });

  it('gives each citation the words of the page that support it', () => {
    const c = cite('The moa were nine species of flightless birds.');
    expect(c.sentences[0]?.quotes?.[0]).toBe('The moa were nine species of flightless birds.');
  });
});

describe('citation terms', () => {
  it('reads numbers in their usual spellings', () => {
    const keys = (t: string) => citeTerms(t).map((x) => x.key);
    expect(keys('1,400')).toEqual(keys('1400'));
    expect(keys('1.4 million')).toEqual(keys('1,400,000'));
    expect(keys('three')).toEqual(keys('3'));
    expect(keys('weren’t')).toEqual(keys('not'));
  });

  it('lets a rounded number stand for an exact one, but never a year for another year', () => {
    expect(numbersAgree(14e6, 13.96e6)).toBe(true);
    expect(numbersAgree(2000, 2019)).toBe(false);
    expect(numbersAgree(1855, 1925)).toBe(false);
  });

  it('lets a number cut to three digits stand for the exact one ("1.78 million" for 1,786,300)', () => {
    expect(numbersAgree(1.78e6, 1_786_300)).toBe(true);
    expect(numbersAgree(1.79e6, 1_786_300)).toBe(true);
    expect(numbersAgree(1.77e6, 1_786_300)).toBe(false);
    expect(numbersAgree(29, 29.6)).toBe(false);
  });

  it('reads German and French number spellings and scale words', () => {
    const keys = (t: string) => citeTerms(t).map((x) => x.key);
    expect(keys('8,4')).toEqual(keys('8.4'));
    expect(keys('1.786.300')).toEqual(keys('1,786,300'));
    expect(keys('1,78 Millionen')).toEqual(keys('1.78 million'));
    expect(keys('4,8 Milliarden')).toEqual(keys('4.8 billion'));
    expect(keys('1,400')).toEqual(keys('1400'));
  });

  it('leaves out German function words, so a German answer matches on its content', () => {
    const keys = (t: string) => citeTerms(t).map((x) => x.key);
    expect(keys('Außerdem kommt zuerst einen Startwert hinzu')).toEqual(keys('kommt Startwert hinzu'));
    expect(keys('Die Daten wurden bereits über diese App geladen')).toEqual(keys('Die Daten App geladen'));
  });
});
