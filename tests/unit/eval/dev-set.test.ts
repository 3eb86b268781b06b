import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvalSite, startEvalSite } from '../../../scripts/lib/eval-site';
import { loadDevSet } from './helpers/dev-set';

/**
 * The dev set's shape. That every question is answerable offline (the search finds its page and the
 * evidence read from it holds the gold answer) is checked by cli-dev-set.test.ts: its scripted model
 * only answers right when the visit brought the gold answer back.
 */

const questions = loadDevSet();
let site: EvalSite;

beforeAll(async () => {
  site = await startEvalSite();
});
afterAll(async () => {
  await site?.close();
});

describe('the eval dev set', () => {
  it('has at least 30 questions with unique ids, some in Chinese, each on a page the site serves', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(questions.filter((q) => q.lang === 'zh').length).toBeGreaterThanOrEqual(3);
    for (const q of questions) expect(site.pages, q.id).toContain(q.source);
  });
});
