import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';

/**
 * A window of page words can gather a claim from two sentences, or read a relation the wrong way
 * round. These pages are written for the tests; each false sentence has an honest one beside it
 * that must still be cited.
 */
const cited = (answer: string, pages: Array<{ url: string; title: string; text: string }>) =>
  citeAnswer(answer, pages).sentences.flatMap((s) => s.citations);

const harbour = {
  url: 'https://news.example/ferry',
  title: 'Ferry levy row',
  text: [
    'The Harbour Trust met the transport minister twice last month.',
    'The council, led by Mayor Lina Ortiz, wants the ferry levy scrapped before the budget is voted on.',
    'The Dockers Union was founded in 1921. It still runs the night shuttle on the western line.',
  ].join(' '),
};

const plans = {
  url: 'https://plans.example/fees',
  title: 'Phone plan fees',
  text: [
    'Leaving the contract early costs a $120 exit fee.',
    'Customers who cancel in the first week pay a reduced cancellation charge of $30 instead.',
  ].join(' '),
};

const press = {
  url: 'https://press.example/deal',
  title: 'Deal roundup',
  text: [
    'Analysts expect more mergers this year.',
    'Chief executive Dana Whitfield knows a thing or two about deals.',
    "After all, she's the one behind her firm's $2 billion purchase of Lumio.",
  ].join(' '),
};

const notes = {
  url: 'https://browser.example/notes',
  title: 'Release notes',
  text: 'Tab Organizer\nSort and find your open tabs with this tool that replaces Tab Groups.\nReader View\nRead articles without clutter.',
};

describe('citations: the claim is read from one sentence of the page', () => {
  it('does not give one sentence the subject of the sentence before when that names someone else', () => {
    expect(
      cited('The Harbour Trust wants the ferry levy scrapped before the budget is voted on.', [harbour]),
    ).toEqual([]);
    expect(
      cited('The council of Mayor Lina Ortiz wants the ferry levy scrapped before the budget vote.', [
        harbour,
      ]),
    ).toEqual([1]);
    // The next sentence points back with "It": the union is still what it says runs the shuttle.
    expect(cited('The Dockers Union still runs the night shuttle on the western line.', [harbour])).toEqual([
      1,
    ]);
  });

  it('does not take a number from the sentence before when the sentence states its own', () => {
    expect(cited('The reduced cancellation charge in the first week is $120.', [plans])).toEqual([]);
    expect(cited('The reduced cancellation charge in the first week is $30.', [plans])).toEqual([1]);
  });

  it('does not read "A replaces B" where the page says B is replaced by A', () => {
    expect(cited('Tab Groups replaces the Tab Organizer.', [notes])).toEqual([]);
    expect(cited('The Tab Organizer replaces Tab Groups.', [notes])).toEqual([1]);
    expect(cited('Tab Groups is replaced by the Tab Organizer.', [notes])).toEqual([1]);
  });

  it('reads a name that opens the sentence as a name ("Dana Whitfield is behind…")', () => {
    expect(cited("Dana Whitfield is behind her firm's $2 billion purchase of Lumio.", [press])).toEqual([1]);
  });

  it('does not read "A weighs less than B" where the page says B weighs less', () => {
    const scales = {
      url: 'https://review.example/laptops',
      title: 'Laptop review',
      text: 'The Corvo is dense for its size and weighs 4.1 pounds. The Ellis, in comparison, weighs two pounds less.',
    };
    expect(cited('The Ellis weighs two pounds less than the Corvo.', [scales])).toEqual([1]);
    expect(cited('The Corvo weighs two pounds less than the Ellis.', [scales])).toEqual([]);
  });
});

describe('citations: a clause that starts with a pronoun after a comma', () => {
  const waite = {
    url: 'https://tarot.example/waite',
    title: 'The tarot deck',
    text: [
      'Arthur Edward Waite was born in Brooklyn, New York in 1857 to an American father and a British mother.',
      'Arthur’s father died before he was two, leaving his mother a widow.',
      'She returned with her family to England, where Arthur spent the rest of his life.',
    ].join(' '),
  };

  it('reads ", he …" as a clause of its own, so two facts of adjacent sentences are cited', () => {
    expect(
      cited(
        'Born in Brooklyn in 1857 to an American father and a British mother, he grew up in England after his father died.',
        [waite],
      ),
    ).toEqual([1]);
  });

  it('still refuses a name the page does not give', () => {
    expect(
      cited(
        'Born in Brooklyn in 1857 to an American father and a British mother, he grew up in Ireland after his father died.',
        [waite],
      ),
    ).toEqual([]);
  });
});
