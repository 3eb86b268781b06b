import { describe, expect, it } from 'vitest';
import { loadGoldAnswers, loadGoldenPages } from '../../../scripts/lib/cite-golden';
import { figures, splitFigures } from '../../../scripts/lib/cite-score';

/**
 * Floors on the citation golden set (tests/fixtures/citations, labels by the project's engineers:
 * see its GUIDE.md). `npm run bench -- citations` prints the figures; these floors sit a little
 * under what was measured, so a change that makes citations worse fails here.
 */
const pages = loadGoldenPages();
const answers = loadGoldAnswers();

describe('citation golden set', () => {
  it('is big enough to mean something and lines up with the sentence splitter', () => {
    const all = figures(answers, pages);
    expect(all.answers).toBeGreaterThanOrEqual(20);
    expect(all.sentences).toBeGreaterThanOrEqual(200);
    expect(all.unaligned).toBe(0);
    expect(answers.filter((a) => a.split === 'held-out').length).toBeGreaterThanOrEqual(8);
  });

  it('never cites or flags a heading or list label', () => {
    expect(figures(answers, pages).labelsRight).toBe(1);
  });

  // Answers 38–45 (fresh-3, no page supports about a third of their claims, one is in German from an
  // English page) pulled the whole set from 0.945 / 0.923 / 0.919 to 0.943 / 0.833 / 0.869; each split's
  // own floors below guard the older answers. Session 6's recall work (synonyms, hedges, long
  // paraphrases, currency signs) moved all 45 to 0.962 / 0.869 / 0.903. Answers 46–53 (fresh-4, committed
  // unscored and first scored with the matcher of main 659b340: 0.857 / 0.574) bring all 53 to
  // 0.952 / 0.819 / 0.871. Answers 90–97 (dev-x, in another language than their pages) make all 61
  // 0.951 / 0.827 / 0.875 with the cross-language path (0.951 / 0.760 / 0.836 without it). Answers
  // 54–61 (fresh-5, clean: 0.870 / 0.505) bring all 69 to 0.943 / 0.783 / 0.849; session 8's
  // cross-language precision work moved them to 0.950 / 0.780 / 0.850, its fixes of the checks' false
  // alarms on same-language answers (quantifier, negation, list, names, code words, compounds,
  // pronoun clauses) to 0.951 / 0.801 / 0.863; countries across languages by their CLDR names and the
  // cross-language role check to 0.954 / 0.802 / 0.866. Answers 62–69 (fresh-6, clean: 0.859 / 0.545)
  // bring all 77 to 0.945 / 0.769 / 0.843, 0.945 / 0.774 / 0.848 with session 9's Chinese–English
  // word table. Answers 70–77 (fresh-7, clean: 0.789 / 0.474) bring all 85 to 0.932 / 0.741 / 0.826.
  it('keeps precision and recall above their floors (all answers)', () => {
    const all = figures(answers, pages);
    expect(all.precision).toBeGreaterThanOrEqual(0.93);
    expect(all.recall).toBeGreaterThanOrEqual(0.735);
    expect(all.sentenceAccuracy).toBeGreaterThanOrEqual(0.82);
  });

  it('keeps precision and recall above their floors (dev answers 01–11)', () => {
    const dev = splitFigures(answers, pages, 'dev');
    expect(dev.precision).toBeGreaterThanOrEqual(0.98);
    expect(dev.recall).toBeGreaterThanOrEqual(0.94);
  });

  it('keeps precision and recall above their floors (earlier held-out answers 12–21)', () => {
    const held = splitFigures(answers, pages, 'held-out');
    expect(held.precision).toBeGreaterThanOrEqual(0.96);
    expect(held.recall).toBeGreaterThanOrEqual(0.92);
  });

  it('keeps precision and recall above their floors (fresh answers 22–29, written before session 4 tuned on them)', () => {
    const fresh = splitFigures(answers, pages, 'fresh');
    expect(fresh.answers).toBeGreaterThanOrEqual(8);
    expect(fresh.precision).toBeGreaterThanOrEqual(0.94);
    expect(fresh.recall).toBeGreaterThanOrEqual(0.98);
  });

  it('keeps precision and recall above their floors (answers 30–37, read after their clean score; tuned on in session 6)', () => {
    const fresh2 = splitFigures(answers, pages, 'fresh-2');
    expect(fresh2.answers).toBeGreaterThanOrEqual(8);
    expect(fresh2.precision).toBeGreaterThanOrEqual(0.93);
    expect(fresh2.recall).toBeGreaterThanOrEqual(0.92);
  });

  it('keeps precision and recall above their floors (answers 38–45, written in session 6, scored clean twice, then tuned on)', () => {
    // Clean scores: 0.929 / 0.525 with main 9317639, 0.944 / 0.515 with session 6's matcher (9df2932),
    // before anyone read the set's per-sentence results. Then tuned on for recall in session 6
    // (0.951 / 0.586): no longer clean. Session 8 read its misses again: 0.957 / 0.667. The floors
    // sit just under that.
    const fresh3 = splitFigures(answers, pages, 'fresh-3');
    expect(fresh3.answers).toBeGreaterThanOrEqual(8);
    expect(fresh3.precision).toBeGreaterThanOrEqual(0.94);
    expect(fresh3.recall).toBeGreaterThanOrEqual(0.65);
  });

  it('keeps precision and recall above their floors (answers 46–53, written in session 6, scored clean once, then tuned on)', () => {
    // Written and labelled without running the matcher on them; first (clean) score with main 659b340:
    // 0.857 / 0.574 (the session-5 matcher of 9317639 scores 0.859 / 0.585 on them). Session 7 read
    // their misses: the negation fixes ("non-", "not X but Y", "not just", 未来/特别, a word also
    // stated without the negation) and WordNet's irregular inflections moved them to 0.871 / 0.649;
    // session 8's fixes of the checks' false alarms to 0.885 / 0.734. Floors sit just under.
    const fresh4 = splitFigures(answers, pages, 'fresh-4');
    expect(fresh4.answers).toBeGreaterThanOrEqual(8);
    expect(fresh4.precision).toBeGreaterThanOrEqual(0.87);
    expect(fresh4.recall).toBeGreaterThanOrEqual(0.72);
  });

  it('keeps precision and recall above their floors (answers 54–61, written in session 7 unseen, scored clean once)', () => {
    // Written and labelled on a branch the engineers changing the matcher never opened, committed
    // unscored; first score with main 7c34ce9: 0.870 / 0.505 (same-language answers 0.958 / 0.639,
    // the five in another language than their pages 0.800 / 0.421). The session-6 matcher of ab39881
    // scores 0.923 / 0.258. Session 8 read its cross-language misses (no longer clean): a name's
    // words count once as an anchor, 不安 is no negation: 0.920 / 0.495 (0.922 / 0.505 with the
    // same-language work); countries by their CLDR names and another full name between a claim's
    // person and its fact: 0.959 / 0.505. The target (0.95 both) is met for precision, not recall.
    const fresh5 = splitFigures(answers, pages, 'fresh-5');
    expect(fresh5.answers).toBeGreaterThanOrEqual(8);
    expect(fresh5.precision).toBeGreaterThanOrEqual(0.95);
    expect(fresh5.recall).toBeGreaterThanOrEqual(0.48);
  });

  it('keeps precision and recall above their floors (answers 90–97, another language than their pages)', () => {
    // Written for the cross-language path and tuned on (GUIDE.md): 0.750 / 0.056 with words alone,
    // 0.927 / 0.704 with numbers, names and cognates across languages; 0.949 / 0.685 once a name's
    // words count as one anchor (session 8), 0.950 / 0.704 with countries by their CLDR names.
    const x = splitFigures(answers, pages, 'dev-x');
    expect(x.answers).toBeGreaterThanOrEqual(8);
    expect(x.precision).toBeGreaterThanOrEqual(0.94);
    expect(x.recall).toBeGreaterThanOrEqual(0.69);
  });

  it('keeps precision and recall above their floors (answers 62–69, written in session 8 unseen, scored clean once)', () => {
    // Written and labelled on a branch the engineers changing the matcher never opened, committed
    // unscored; first score with main 04aa88e (all of session 8's matcher work): 0.859 / 0.545
    // (the five in the page's own language 0.885 / 0.697, the three in another language 0.750 /
    // 0.257). The session-start matcher of f40e092 scores 0.848 / 0.554: session 8's rules, made on
    // the other splits' errors, did not carry over. Floors sit just under; the target (0.95 both) is not met.
    const fresh6 = splitFigures(answers, pages, 'fresh-6');
    expect(fresh6.answers).toBeGreaterThanOrEqual(8);
    expect(fresh6.precision).toBeGreaterThanOrEqual(0.85);
    expect(fresh6.recall).toBeGreaterThanOrEqual(0.53);
  });

  it('keeps precision and recall above their floors (answers 70–77, written in session 9 unseen, scored clean once)', () => {
    // Written and labelled on a branch the engineers changing the matcher never opened, on six pages
    // new to the set, committed unscored; first score with main 211fb30 (all of session 9's matcher
    // work): 0.789 / 0.474 (the five in the page's own language 0.800 / 0.600, the three in another
    // language 0.750 / 0.257), the same as the session-start matcher of a8e63fb. Floors sit just
    // under; the target (0.95 both) is not met.
    const fresh7 = splitFigures(answers, pages, 'fresh-7');
    expect(fresh7.answers).toBeGreaterThanOrEqual(8);
    expect(fresh7.precision).toBeGreaterThanOrEqual(0.78);
    expect(fresh7.recall).toBeGreaterThanOrEqual(0.47);
  });
});
