/**
 * Tuning aid: shows where Sleuth's extraction of a golden page differs from the human label, block
 * by block: extracted blocks that are mostly not in the label (boilerplate kept) and label lines
 * that are mostly missing from the extraction (article text lost). Held-out pages are refused
 * unless --held-out is given, so they stay untuned.
 *
 *   npx tsx scripts/golden/diff.ts PAGE [--held-out] [--plain]
 */
import { parseArgs } from 'node:util';
import { parseGoldenHtml, readabilityText, sleuthText } from '../lib/golden-extractors';
import { GOLDEN_URL, loadGoldenPage } from '../lib/golden-set';
import { scorePage, shingles, tokenize } from '../lib/shingle-score';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'held-out': { type: 'boolean', default: false }, plain: { type: 'boolean', default: false } },
});
const name = positionals[0];
if (!name) {
  console.error('usage: diff.ts PAGE [--held-out] [--plain]');
  process.exit(2);
}
const page = loadGoldenPage(name);
if (page.meta.heldOut && !values['held-out']) {
  console.error(
    `${name} is held out; pass --held-out to look at it anyway (it then no longer counts as untuned)`,
  );
  process.exit(2);
}
const text = (values.plain ? readabilityText : sleuthText)(parseGoldenHtml(page.html), GOLDEN_URL);

// Short blocks (a heading, a list item) have fewer tokens than a shingle: compare their words.
function share(block: string, otherText: Map<string, number>, otherWords: Set<string>): number {
  const tokens = tokenize(block);
  if (tokens.length === 0) return 1;
  if (tokens.length < 4) return tokens.filter((t) => otherWords.has(t)).length / tokens.length;
  let total = 0;
  let hit = 0;
  for (const [key, count] of shingles(tokens)) {
    total += count;
    if (otherText.has(key)) hit += count;
  }
  return hit / total;
}

const labelShingles = shingles(tokenize(page.label));
const textShingles = shingles(tokenize(text));
const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}...` : s);
console.log(`== ${name}`, scorePage(text, page.label));
console.log('-- extracted, not in the label:');
for (const block of text.split(/\n+/))
  if (block.trim() && share(block, labelShingles, new Set(tokenize(page.label))) < 0.5)
    console.log(`  + ${clip(block)}`);
console.log('-- in the label, not extracted:');
for (const line of page.label.split('\n'))
  if (line.trim() && share(line, textShingles, new Set(tokenize(text))) < 0.5)
    console.log(`  - ${clip(line)}`);
