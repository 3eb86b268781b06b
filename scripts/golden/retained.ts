/**
 * Tuning aid for recall on unlabelled pages: how much of plain Readability's text Sleuth keeps, per
 * real-page fixture (held-out golden pages excluded). A low share flags a rule that deletes too much;
 * it is a pointer for a person to look, never a score.
 *
 *   npx tsx scripts/golden/retained.ts [COUNT]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fixturePages } from '../bench/lib/fixture-pages';
import { parseGoldenHtml, readabilityText, sleuthText } from '../lib/golden-extractors';
import { GOLDEN_URL, loadGoldenSet } from '../lib/golden-set';
import { shingleCounts } from '../lib/shingle-score';

const heldOut = new Set(
  loadGoldenSet()
    .filter((p) => p.meta.heldOut)
    .map((p) => p.name),
);
const set = fixturePages();
if (!set) throw new Error('no page fixtures');
const rows: Array<[string, number, number]> = [];
for (const name of set.names) {
  if (heldOut.has(name)) continue;
  const html = readFileSync(resolve(set.dir, name, 'source.html'), 'utf8');
  const ours = sleuthText(parseGoldenHtml(html), GOLDEN_URL);
  const plain = readabilityText(parseGoldenHtml(html), GOLDEN_URL);
  const { tp, fn } = shingleCounts(ours, plain);
  rows.push([name, tp + fn === 0 ? 1 : tp / (tp + fn), tp + fn]);
}
rows.sort((a, b) => a[1] - b[1]);
for (const [name, kept, size] of rows.slice(0, Number(process.argv[2] ?? 20))) {
  console.log(`${name.padEnd(32)} keeps ${(kept * 100).toFixed(1)}% of ${size} shingles`);
}
