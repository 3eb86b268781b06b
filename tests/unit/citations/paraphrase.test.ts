import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { joinCompounds } from '../../../src/citations/claims/compounds';
import { indexPages } from '../../../src/citations/matching/page-index';
import { citeTerms } from '../../../src/citations/matching/terms';

const keys = (text: string) => citeTerms(text).map((t) => t.key);

describe('citations: paraphrase the page in other words', () => {
  it('reads a short verb and its past tense as one word ("move"/"moved", "hire"/"hired", "save"/"saved")', () => {
    expect(keys('moved hired saved')).toEqual(keys('move hire save'));
    expect(keys('stopped visited')).toEqual(keys('stop visit'));
  });

  it('reads "cannot" as the negation "can\'t" is', () => {
    expect(keys('cannot')).toEqual(keys("can't"));
  });

  it('reads common synonyms as one word, so a paraphrase keeps its weight', () => {
    expect(keys('a sudden rise frequently')).toEqual(keys('a sudden increase often'));
    const page = {
      url: 'https://logs.example/alerts',
      title: 'Alerts from logs',
      text: 'A sudden increase in 404 status codes often means pages were moved without redirects.',
    };
    const cited = citeAnswer(
      'A sudden rise in 404 status codes frequently means pages moved without redirects.',
      [page],
    ).sentences[0]?.citations;
    expect(cited).toEqual([1]);
  });

  it('keeps apart words that only look alike or have another common sense', () => {
    // "drop" is both "fall" and "remove"; "little" is nearly a negation ("knew little about").
    expect(keys('drop')).not.toEqual(keys('remove'));
    expect(keys('drop')).not.toEqual(keys('decrease'));
    expect(keys('little')).not.toEqual(keys('small'));
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

describe('citations: words that look like quantifiers but claim no quantity', () => {
  const page = {
    url: 'https://vcs.example/evolve',
    title: 'Sharing mutable history',
    text: [
      'A phase-divergent changeset is repaired with the evolve command: hg evolve --all.',
      'The main appeal of this approach is that you can get started with tools you probably already have, some SQL and a scheduled task!',
      'With the new patches the Netflix update shrinks from 16.2 MB to a download of 1.2 MB.',
      'Sales rose in Spain and in Italy last year.',
    ].join('\n'),
  };
  const cited = (s: string) => citeAnswer(s, [page]).sentences[0]?.citations;

  it('reads "--all" as a command\'s option, not as "all"', () => {
    expect(cited('The command hg evolve --all repairs a phase-divergent changeset.')).toEqual([1]);
  });

  it('reads "all you need" as "enough", not as "every"', () => {
    expect(cited('All you need to get started is some SQL and a scheduled task.')).toEqual([1]);
  });

  it('reads "only" before a number as stress on the page\'s number', () => {
    expect(cited('With the new patches the Netflix update shrinks to a download of only 1.2 MB.')).toEqual([
      1,
    ]);
  });

  it('still holds "only" and "all" to the page where they claim a quantity', () => {
    expect(cited('Sales rose only in Spain last year.')).toEqual([]);
    expect(cited('Sales rose in all of Spain and Italy last year.')).toEqual([]);
    expect(cited('With the new patches the Netflix update shrinks to a download of only 2.1 MB.')).toEqual(
      [],
    );
  });
});

describe('citations: code words in an answer', () => {
  it('keeps the "_" inside a word ("generate_series"), as the page has it, while taking off emphasis', () => {
    const page = {
      url: 'https://sql.example/anomalies',
      title: 'Anomalies in SQL',
      text: 'A better approach is to create an axis with generate_series and a VALUES list, and join the counts to it.',
    };
    const claim = 'The author joins the counts to an axis built with `generate_series` and a _VALUES_ list.';
    expect(citeAnswer(claim, [page]).sentences[0]?.citations).toEqual([1]);
  });
});

describe('citations: words that are no opposites', () => {
  it('does not read "short" (a short guide) as the opposite of "full" (a full book)', () => {
    const page = {
      url: 'https://tarot.example/waite',
      title: 'The Rider-Waite deck',
      text: 'The next year, Waite published a small guide to reading the cards for Rider, and in 1911 he published his full book on the subject.',
    };
    const cited = (s: string) => citeAnswer(s, [page]).sentences[0]?.citations;
    expect(
      cited('Waite published a short guide to reading the cards the next year and a full book in 1911.'),
    ).toEqual([1]);
    expect(
      cited('Waite published a short guide to reading the cards the next year and a full book in 1913.'),
    ).toEqual([]);
  });
});

describe('citations: compounds written as two words', () => {
  const page = {
    url: 'https://seo.example/depth',
    title: 'Content depth',
    text: [
      'Do not mistake depth for length: a blog post’s extreme wordcount has nothing to do with its content depth.',
      'The query keeps a lookback period of sixty minutes for each status code.',
    ].join('\n'),
  };
  const cited = (s: string) => citeAnswer(s, [page]).sentences[0]?.citations;

  it('reads "word count" and "looks back" as the page\'s "wordcount" and "lookback"', () => {
    expect(
      cited('Depth is not length: a post’s word count has nothing to do with its content depth.'),
    ).toEqual([1]);
    expect(cited('For each status code the query looks back sixty minutes.')).toEqual([1]);
  });

  it('joins only words the page writes as one', () => {
    const corpus = indexPages([page]);
    const text = 'the query looks back, then looks forward';
    const joined = joinCompounds(text, citeTerms(text), corpus).map((t) => t.key);
    expect(joined).toEqual(['query', 'lookback', 'look', 'forward']);
  });
});

describe('citations: long paraphrases', () => {
  const council = {
    url: 'https://news.example/library',
    title: 'Council news',
    text: 'The city council voted on Tuesday to build a new public library beside the old railway station, paid for by a regional grant and private donations.',
  };
  const weather = {
    url: 'https://weather.example/friday',
    title: 'Weather',
    text: 'Rain is expected across the region on Friday, with strong winds along the coast and cooler nights.',
  };
  const cited = (s: string) => citeAnswer(s, [council, weather]).sentences[0]?.citations;

  it('cites a long sentence that restates a page in its own words (about 62 % of its words)', () => {
    expect(
      cited(
        'On Tuesday the city council voted to put up a new public library close to the old railway station, funded by a regional grant and private gifts and loans.',
      ),
    ).toEqual([1]);
  });

  it('still wants 65 % of a short sentence', () => {
    expect(cited('The city council voted to put up a public library near the railway station.')).toEqual([]);
  });
});

describe('citations: a currency sign is the currency word', () => {
  const page = {
    url: 'https://games.example/xbox',
    title: 'Console prices',
    text: 'The Xbox One X costs $500, while the PS4 Pro launched at $400.',
  };
  const cited = (s: string) => citeAnswer(s, [page]).sentences[0]?.citations;

  it('reads "$500" as "500 dollars", also in a German sentence on an English page', () => {
    expect(keys('$500').sort()).toEqual(keys('500 dollars').sort());
    expect(cited('Die Xbox One X kostet 500 Dollar.')).toEqual([1]);
  });

  it('keeps a euro sign apart from a dollar sign', () => {
    expect(keys('€500')).not.toEqual(keys('$500'));
  });
});
