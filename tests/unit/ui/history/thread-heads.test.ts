import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../../../src/store/records';
import { suggestFollowUps } from '../../../../src/ui/answer/suggest-follow-ups';
import { threadHeads } from '../../../../src/ui/history/use-history';
import { tEn } from '../helpers';

const session = (id: string, followUpOf?: string): SessionRecord => ({
  id,
  question: `Q ${id}`,
  origin: 'ask',
  status: 'done',
  createdAt: 0,
  updatedAt: 0,
  settings: {},
  ...(followUpOf ? { followUpOf } : {}),
});

describe('a thread in the history', () => {
  it('is one entry, its latest question', () => {
    const list = [session('c', 'b'), session('x'), session('b', 'a'), session('a')];
    expect(threadHeads(list).map((s) => s.id)).toEqual(['c', 'x']);
  });
});

describe('suggested follow-up questions', () => {
  it('gives two or three, from the pages read, never the question again', () => {
    const pages = [
      { url: 'https://a.example/', title: 'Blanket.js | Seriously easy JavaScript code coverage' },
      { url: 'https://b.example/', title: 'Mocha - the fun, simple, flexible JavaScript test framework' },
    ];
    const out = suggestFollowUps('Which library?', pages, tEn);
    expect(out).toEqual([
      'What else does “Blanket.js” say about this?',
      'How strong is the evidence for this answer?',
      'Where do “Blanket.js” and “Mocha” differ?',
    ]);
    expect(suggestFollowUps('Q', [], tEn)).toHaveLength(2);
  });
});
