/**
 * Tuning aid: the golden-set figures for Sleuth only, quickly (no plain-Readability run, no timing
 * of all fixtures). Per-page figures are printed for tuned pages only; held-out pages count in the
 * held-out total and are never named.
 *
 *   npx tsx scripts/golden/quick.ts [PAGE...]
 */
import { parseGoldenHtml, sleuthText } from '../lib/golden-extractors';
import { GOLDEN_URL, loadGoldenSet } from '../lib/golden-set';
import { type PageScore, scorePage, scoreSet } from '../lib/shingle-score';

const only = new Set(process.argv.slice(2));
const tuned: Array<[string, PageScore]> = [];
const heldOut: PageScore[] = [];
for (const page of loadGoldenSet()) {
  if (only.size && !only.has(page.name)) continue;
  const score = scorePage(sleuthText(parseGoldenHtml(page.html), GOLDEN_URL), page.label);
  if (page.meta.heldOut) heldOut.push(score);
  else tuned.push([page.name, score]);
}
const f = (x: number) => x.toFixed(3);
for (const [name, s] of [...tuned].sort((a, b) => a[1].f1 - b[1].f1).slice(0, only.size || 15)) {
  console.log(`${name.padEnd(30)} F1 ${f(s.f1)} P ${f(s.precision)} R ${f(s.recall)}`);
}
const line = (label: string, scores: PageScore[]) => {
  if (scores.length === 0) return;
  const s = scoreSet(scores);
  console.log(
    `${label} F1 ${s.f1.toFixed(4)} P ${s.precision.toFixed(4)} R ${s.recall.toFixed(4)} (${s.pages} pages)`,
  );
};
line(
  'tuned   ',
  tuned.map(([, s]) => s),
);
line('held out', heldOut);
