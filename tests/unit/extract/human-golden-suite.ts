/**
 * The human-labelled golden set (tests/fixtures/golden): Sleuth's article text against the article
 * body a person wrote down, scored with 4-gram shingles as public extraction benchmarks do. Split
 * into parts (human-golden-*.test.ts) so vitest runs them in parallel; jsdom is slow on big pages.
 *
 * Each part file defines, for every third page, one test per page (extracted without a problem,
 * titled, no images, absolute links, F1 at least PAGE_FLOOR) and then one test for the part as a
 * whole (F1, precision and recall at least PART_FLOOR).
 */
import { expect, it } from 'vitest';
import { parseGoldenHtml } from '../../../scripts/lib/golden-extractors';
import { GOLDEN_URL, goldenPageNames, loadGoldenPage } from '../../../scripts/lib/golden-set';
import { type PageScore, scorePage, scoreSet } from '../../../scripts/lib/shingle-score';
import { extract } from '../../../src/extract/extract';
import { markdownToReadableText } from '../../../src/extract/words';

// Floors a little under the measured figures (each part: F1 0.982-0.989, precision 0.975-0.990,
// recall 0.988-0.991, worst page 0.81), so a regression in the rules fails the build.
const PART_FLOOR = { f1: 0.97, precision: 0.96, recall: 0.97 };
const PAGE_FLOOR = 0.75;
// Big pages take seconds under jsdom on a busy 2-core machine.
const PAGE_TIMEOUT_MS = 120_000;

export function defineHumanGoldenSuite(part: number, parts: number): void {
  const names = goldenPageNames().filter((_, i) => i % parts === part);
  const scores: PageScore[] = [];

  it('has labelled pages in this part', () => {
    expect(names.length).toBeGreaterThan(10);
  });

  it.each(names)(
    '%s: the extracted article matches the human label',
    (name) => {
      const page = loadGoldenPage(name);
      // No time budget: a quality check must not depend on how busy the machine is.
      const result = extract(parseGoldenHtml(page.html), GOLDEN_URL, {
        timeBudgetMs: Number.POSITIVE_INFINITY,
      });
      expect(result.problem).toBeUndefined();
      expect(result.title).not.toBe('');
      expect(result.markdown).not.toMatch(/!\[[^\]]*\]\(/);
      for (const link of result.links) expect(link.url).toMatch(/^https?:\/\//);
      const score = scorePage(markdownToReadableText(result.markdown), page.label);
      scores.push(score);
      expect(score.f1).toBeGreaterThanOrEqual(PAGE_FLOOR);
    },
    PAGE_TIMEOUT_MS,
  );

  // Tests in a file run in order, so this one sees every page's score.
  it('the part as a whole scores at least its floors', (ctx) => {
    if (scores.length < names.length) ctx.skip('a page failed; its own test says why');
    const set = scoreSet(scores);
    expect(set.f1).toBeGreaterThanOrEqual(PART_FLOOR.f1);
    expect(set.precision).toBeGreaterThanOrEqual(PART_FLOOR.precision);
    expect(set.recall).toBeGreaterThanOrEqual(PART_FLOOR.recall);
  });
}
