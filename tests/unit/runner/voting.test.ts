import { describe, expect, it } from 'vitest';
import { ATTEMPT_WEIGHT, supportedShareOf, voteAnswers } from '../../../src/runner/voting';

const c = (text: string, supportedShare = 0) => ({ text, supportedShare });

describe('voteAnswers', () => {
  it('picks the answer most attempts agree on, paraphrases included', () => {
    const r = voteAnswers([
      c('The Moon is about 384,400 km from Earth on average.', 0.5),
      c('The Moon is roughly 1 million miles away from the Sun.', 1),
      c('On average, the Moon is roughly 384,400 kilometres from Earth.', 1),
    ]);
    expect(r.agreeing).toEqual([0, 2]);
    // Within the majority, the best-supported member is the one shown.
    expect(r.winner).toBe(2);
    expect(r.clusters).toEqual([[0, 2], [1]]);
  });

  it('matches a short answer to a longer one that says the same thing', () => {
    const r = voteAnswers([
      c('Canberra.'),
      c('Sydney is the largest city.'),
      c('The capital of Australia is Canberra.'),
    ]);
    expect(r.agreeing).toEqual([0, 2]);
  });

  it('breaks a tie by support, then by order', () => {
    const tie = voteAnswers([
      c('Paris is the capital of France.', 0.2),
      c('Lyon is the capital of France, some say.', 0.9),
    ]);
    expect(tie.clusters).toHaveLength(2);
    expect(tie.winner).toBe(1);
    const even = voteAnswers([c('Red apples grow well.', 0.5), c('Blue whales swim far.', 0.5)]);
    expect(even.winner).toBe(0);
  });

  it('weighs a forced answer and an attempt without one less, and breaks a weight tie by support', () => {
    const forced = (text: string, share = 0) => ({ ...c(text, share), weight: ATTEMPT_WEIGHT.forced });
    const none = (text: string) => ({ ...c(text), weight: ATTEMPT_WEIGHT['no-answer'] });
    // Two forced answers agree, one real answer says otherwise: 0.5 + 0.5 ties 1, support decides.
    const tie = voteAnswers([
      forced('Paris is the capital.', 0.2),
      forced('The capital is Paris.', 0.2),
      c('Lyon is the capital.', 0.9),
    ]);
    expect(tie.winner).toBe(2);
    // An attempt that gave no answer tips the balance between two real ones.
    const tipped = voteAnswers([
      c('Lyon is the capital.'),
      c('Paris is the capital.'),
      none('I think Paris is the capital.'),
    ]);
    expect(tipped.agreeing).toEqual([1, 2]);
    expect(tipped.winner).toBe(1);
  });

  it('handles a single candidate', () => {
    expect(voteAnswers([c('Only one.', 0)])).toEqual({ winner: 0, agreeing: [0], clusters: [[0]] });
  });

  it('never lets empty or whitespace answers win over a real one', () => {
    const r = voteAnswers([c(''), c('   '), c('\n\t'), c('Forty-two is the answer.', 0)]);
    expect(r.winner).toBe(3);
    expect(r.agreeing).toEqual([3]);
    expect(voteAnswers([c(' '), c('')]).winner).toBe(0);
  });

  it('counts one-letter choices as answers: "A", "A", "B" votes for A', () => {
    const r = voteAnswers([c('B', 1), c('A'), c('a.')]);
    expect(r.agreeing).toEqual([1, 2]);
    expect(r.clusters).toEqual([[0], [1, 2]]);
  });

  it('treats identical numbers as agreement', () => {
    const r = voteAnswers([
      c('It opened in 1889.'),
      c('Construction finished 1889, for the fair.'),
      c('1900'),
    ]);
    expect(r.agreeing).toEqual([0, 1]);
  });
});

describe('supportedShareOf', () => {
  it('is the share of supported sentences', () => {
    const s = (supported: boolean) => ({ text: 'x', citations: [], supported });
    expect(supportedShareOf({ sentences: [s(true), s(false)], sources: [] })).toBe(0.5);
    expect(supportedShareOf(null)).toBe(0);
  });
});
