/**
 * Citation quality and speed: precision and recall of (sentence, page) citations and sentence-level
 * accuracy on the golden set (tests/fixtures/citations: dev, held-out, all), and the time to cite
 * an answer against a long run's pages (40 pages of 30 KB).
 */

import type { ReadPage } from '../../src/agent/read-pages';
import { citeAnswer } from '../../src/citations/cite-answer';
import { loadGoldAnswers, loadGoldenPages } from '../lib/cite-golden';
import { figures, splitFigures } from '../lib/cite-score';

const LONG_PAGES = 40;
const LONG_BYTES = 30_000;

/** 40 pages of 30 KB cut from the golden pages, and an answer of 30 sentences taken from them. */
function longRun(pages: ReadonlyMap<string, ReadPage>): { pages: ReadPage[]; answer: string } {
  const all = [...pages.values()].map((p) => p.text).join('\n');
  const out: ReadPage[] = [];
  for (let i = 0; i < LONG_PAGES; i++) {
    const from = (i * 7919) % Math.max(1, all.length - LONG_BYTES);
    let text = all.slice(from, from + LONG_BYTES);
    while (text.length < LONG_BYTES) text += `\n${all.slice(0, LONG_BYTES - text.length)}`;
    out.push({ url: `https://long.example/${i}`, title: `Page ${i}`, text });
  }
  const lines = all.split('\n').filter((l) => l.length > 60 && l.length < 300);
  const answer = Array.from({ length: 30 }, (_, i) => lines[(i * 37) % lines.length]).join(' ');
  return { pages: out, answer };
}

export async function run(): Promise<object> {
  const pages = loadGoldenPages();
  const answers = loadGoldAnswers();
  const long = longRun(pages);
  // The first call pays for compiling the tokenizer and warming the JIT, as the first answer of a
  // session does; the later ones are what each further answer costs.
  const cold = performance.now();
  citeAnswer(long.answer, long.pages);
  const coldMs = performance.now() - cold;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    citeAnswer(long.answer, long.pages);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    all: figures(answers, pages),
    dev: splitFigures(answers, pages, 'dev'),
    // 12–21 were looked at while tuning after their first score, 22–29 in session 5; 30–37 were
    // written and committed before session 5's matcher changes and scored clean (0.833 / 0.815)
    // before their errors were read, and tuned on in session 6. 38–45 were written in session 6 and
    // scored once, aggregate only (0.929 / 0.525 with main 9317639), before the next matcher saw
    // them. 46–53 (fresh-4) were written in session 6, committed unscored and scored
    // clean with 659b340 (0.857 / 0.574); see the GUIDE.md.
    earlierHeldOut: splitFigures(answers, pages, 'held-out'),
    freshHeldOut: splitFigures(answers, pages, 'fresh'),
    fresh2HeldOut: splitFigures(answers, pages, 'fresh-2'),
    fresh3HeldOut: splitFigures(answers, pages, 'fresh-3'),
    fresh4HeldOut: splitFigures(answers, pages, 'fresh-4'),
    // 54–61 (fresh-5) were written in session 7 on a branch the matcher engineers did not see,
    // committed unscored and scored once, clean, with main 7c34ce9 (0.870 / 0.505; the session-6
    // matcher of ab39881 scored 0.923 / 0.258 on them). Five of the eight are in another language
    // than their pages.
    fresh5HeldOut: splitFigures(answers, pages, 'fresh-5'),
    // 62–69 (fresh-6) were written in session 8 on a branch the matcher engineers did not see,
    // committed unscored and scored once, clean, with main 04aa88e (0.859 / 0.545; the session-start
    // matcher of f40e092 scored 0.848 / 0.554 on them).
    fresh6HeldOut: splitFigures(answers, pages, 'fresh-6'),
    // 70–77 (fresh-7): written in session 9 on a branch the matcher engineers did not see, on pages
    // new to the set, committed unscored and scored once, clean, with main 211fb30 (0.789 / 0.474; the
    // session-start matcher of a8e63fb scores the same).
    fresh7HeldOut: splitFigures(answers, pages, 'fresh-7'),
    // 90–97: answers in another language than their pages (German, French, Spanish, Czech and
    // Chinese from English pages, English and Japanese from German and Chinese ones), written for
    // the cross-language path and tuned on (GUIDE.md).
    devCrossLanguage: splitFigures(answers, pages, 'dev-x'),
    longRun: {
      pages: LONG_PAGES,
      bytesPerPage: LONG_BYTES,
      answerSentences: 30,
      firstCallMs: Math.round(coldMs),
      medianMs: Math.round((times[2] ?? 0) * 10) / 10,
      maxMs: Math.round((times[4] ?? 0) * 10) / 10,
    },
  };
}
