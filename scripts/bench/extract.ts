/**
 * Extraction quality and speed.
 * - Golden set (tests/fixtures/golden): 4-gram shingle precision, recall and F1 of the article text
 *   against human-written labels, for Sleuth and for plain Readability + turndown on the same pages,
 *   over all pages and over the held-out part that the extractor was not tuned on; extraction time
 *   per page for both.
 * - The other real-page fixtures (../shared when present): Sleuth's extraction time per page under
 *   jsdom, and how many pages came back as page text after the article extractor failed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from '../../src/extract/extract';
import { parseGoldenHtml, readabilityText, sleuthText, type TextExtractor } from '../lib/golden-extractors';
import { GOLDEN_URL, type GoldenPage, loadGoldenSet } from '../lib/golden-set';
import { type PageScore, type SetScore, scorePage, scoreSet } from '../lib/shingle-score';
import { fixturePages } from './lib/fixture-pages';

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function times(ms: number[]): { median: number; p90: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    median: round(quantile(sorted, 0.5), 1),
    p90: round(quantile(sorted, 0.9), 1),
    max: round(sorted[sorted.length - 1] ?? Number.NaN, 1),
  };
}

const figures = (s: SetScore) => ({
  pages: s.pages,
  f1: round(s.f1),
  precision: round(s.precision),
  recall: round(s.recall),
  meanPageF1: round(s.meanPageF1),
});

interface Scored {
  page: GoldenPage;
  score: PageScore;
  ms: number;
}

function runExtractor(pages: GoldenPage[], extractor: TextExtractor): Scored[] {
  return pages.map((page) => {
    const doc = parseGoldenHtml(page.html);
    const start = performance.now();
    const text = extractor(doc, GOLDEN_URL);
    const ms = performance.now() - start;
    return { page, score: scorePage(text, page.label), ms };
  });
}

function summary(results: Scored[]) {
  const tuned = results.filter((r) => !r.page.meta.heldOut);
  const heldOut = results.filter((r) => r.page.meta.heldOut);
  return {
    all: figures(scoreSet(results.map((r) => r.score))),
    tuned: figures(scoreSet(tuned.map((r) => r.score))),
    heldOut: figures(scoreSet(heldOut.map((r) => r.score))),
    extractMs: times(results.map((r) => r.ms)),
    // Tuned pages only: naming held-out pages would invite tuning on them.
    lowestTuned: [...tuned]
      .sort((a, b) => a.score.f1 - b.score.f1)
      .slice(0, 5)
      .map((r) => ({ page: r.page.name, f1: round(r.score.f1, 3) })),
  };
}

/** The real-page fixtures outside the golden set (which is timed above). */
function otherFixtures(golden: Set<string>) {
  const set = fixturePages();
  if (!set) return { note: 'no page fixtures found' };
  const names = set.names.filter((name) => !golden.has(name));
  const ms: number[] = [];
  let pageText = 0;
  for (const name of names) {
    const doc = parseGoldenHtml(readFileSync(resolve(set.dir, name, 'source.html'), 'utf8'));
    const start = performance.now();
    const page = extract(doc, GOLDEN_URL, { timeBudgetMs: Number.POSITIVE_INFINITY });
    ms.push(performance.now() - start);
    if (page.problem) pageText++;
  }
  return { fixtureDir: set.dir, pages: names.length, extractMs: times(ms), readAsPageText: pageText };
}

export async function run(): Promise<Record<string, unknown>> {
  const pages = loadGoldenSet();
  return {
    golden: {
      pages: pages.length,
      heldOutPages: pages.filter((p) => p.meta.heldOut).length,
      languages: [...new Set(pages.map((p) => p.meta.language))].sort(),
      sleuth: summary(runExtractor(pages, sleuthText)),
      readabilityTurndown: summary(runExtractor(pages, readabilityText)),
      metric:
        '4-gram shingles, lower-cased, CJK per character; P and R are means over pages, F1 of the means',
    },
    otherFixtures: otherFixtures(new Set(pages.map((p) => p.name))),
    note: 'jsdom in Node, computed styles on, HTML parse time excluded',
  };
}

// Runs standalone too: `npx tsx scripts/bench/extract.ts`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run().then((r) => console.log(JSON.stringify(r, null, 2)));
}
