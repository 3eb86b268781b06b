/**
 * Extraction quality and speed over the real-page fixtures: word-level F1 of our markdown's text
 * against Readability's expected output, and extraction time per page under jsdom.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM, VirtualConsole } from 'jsdom';
import { extract } from '../../src/extract/extract';
import { markdownToPlainText, wordF1 } from '../../src/extract/words';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const URL_ = 'http://fakehost/test/page.html';

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

function parse(html: string): Document {
  return new JSDOM(html, { url: URL_, virtualConsole: new VirtualConsole() }).window.document;
}

export async function run(): Promise<Record<string, unknown>> {
  const shared = resolve(root, '../shared/fixtures/pages');
  const dir = existsSync(shared) ? shared : resolve(root, 'tests/fixtures/pages');
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(dir, d.name, 'source.html')))
    .map((d) => d.name)
    .sort();
  const f1s: Array<{ name: string; f1: number }> = [];
  const times: number[] = [];
  let totalMs = 0;
  for (const name of names) {
    const doc = parse(readFileSync(resolve(dir, name, 'source.html'), 'utf8'));
    const expected = parse(readFileSync(resolve(dir, name, 'expected.html'), 'utf8')).body.textContent ?? '';
    const start = performance.now();
    const page = extract(doc, URL_);
    const ms = performance.now() - start;
    times.push(ms);
    totalMs += ms;
    f1s.push({ name, f1: wordF1(markdownToPlainText(page.markdown), expected) });
  }
  const scores = f1s.map((x) => x.f1).sort((a, b) => a - b);
  const sortedTimes = [...times].sort((a, b) => a - b);
  return {
    fixtureDir: dir,
    pages: names.length,
    wordF1: {
      median: round(quantile(scores, 0.5)),
      p10: round(quantile(scores, 0.1)),
      mean: round(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)),
      lowest: [...f1s]
        .sort((a, b) => a.f1 - b.f1)
        .slice(0, 5)
        .map((x) => ({ page: x.name, f1: round(x.f1, 3) })),
    },
    extractMs: { median: round(quantile(sortedTimes, 0.5), 1), p90: round(quantile(sortedTimes, 0.9), 1) },
    pagesPerSecond: round((names.length * 1000) / Math.max(1, totalMs), 2),
    note: 'jsdom in Node, computed styles on, HTML parse time excluded',
  };
}

// Runs standalone too: `npx tsx scripts/bench/extract.ts`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run().then((r) => console.log(JSON.stringify(r, null, 2)));
}
