import { describe, expect, it } from 'vitest';
import { createSendGate, isUsersWords, type SendRequest } from '../../../src/security/send-gate';

const signal = new AbortController().signal;
const none = () => false;

function gate(opts: {
  private: boolean;
  answers?: ('send' | 'decline' | 'allow-rest')[];
  question?: string;
}) {
  const asked: SendRequest[] = [];
  const answers = [...(opts.answers ?? [])];
  let allowedRest = 0;
  const g = createSendGate({
    isPrivate: () => opts.private,
    userQuestion: opts.question ?? 'What does my statement say about fees?',
    ask: async (r) => {
      asked.push(r);
      return answers.shift() ?? 'decline';
    },
    onAllowRest: () => allowedRest++,
  });
  return { g, asked, allowedRest: () => allowedRest };
}

describe('what a private run may send', () => {
  it('a public run is never asked', async () => {
    const { g, asked } = gate({ private: false });
    expect(await g.filter('search', ['anything at all'], none, signal)).toEqual(['ok']);
    expect(asked).toEqual([]);
  });

  it('a private run shows each model-chosen query, whole, and sends only what the user OKs', async () => {
    const { g, asked } = gate({ private: true, answers: ['decline', 'send'] });
    expect(await g.filter('search', ['NB-7731 fees', 'bank fee table'], none, signal)).toEqual([
      'declined',
      'declined',
    ]);
    expect(asked).toEqual([{ kind: 'search', items: ['NB-7731 fees', 'bank fee table'] }]);
    expect(await g.filter('visit', ['https://a.example/p'], none, signal)).toEqual(['ok']);
    expect(asked[1]).toEqual({ kind: 'visit', items: ['https://a.example/p'] });
  });

  it("'allow the rest' lets every later item through without asking", async () => {
    const { g, asked, allowedRest } = gate({ private: true, answers: ['allow-rest'] });
    expect(await g.filter('search', ['one'], none, signal)).toEqual(['ok']);
    expect(await g.filter('search', ['two', 'three'], none, signal)).toEqual(['ok', 'ok']);
    expect(await g.filter('visit', ['https://b.example/'], none, signal)).toEqual(['ok']);
    expect(asked).toHaveLength(1);
    expect(allowedRest()).toBe(1);
    expect(g.allowedAll()).toBe(true);
  });

  it("the user's own question, as typed, and the addresses they gave need no OK; nothing else does", async () => {
    const { g, asked } = gate({ private: true, answers: ['decline'] });
    const mine = (u: string) => u === 'https://bank.example/statement';
    expect(await g.filter('search', ['what does my STATEMENT say about fees'], none, signal)).toEqual(['ok']);
    expect(await g.filter('visit', ['https://bank.example/statement'], mine, signal)).toEqual(['ok']);
    expect(asked).toEqual([]);
    // A subset or reordering of the user's words can still encode bits: it is asked about.
    expect(await g.filter('search', ['statement fees'], none, signal)).toEqual(['declined']);
    expect(
      isUsersWords('fees statement my about say does what', 'What does my statement say about fees?'),
    ).toBe(false);
  });

  it('with nobody to ask, nothing model-chosen leaves', async () => {
    const g = createSendGate({ isPrivate: () => true, userQuestion: 'q' });
    expect(await g.filter('search', ['anything'], none, signal)).toEqual(['unasked']);
  });
});
