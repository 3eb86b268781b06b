/**
 * Article-body quality as public extraction benchmarks score it (scrapinghub's
 * article-extraction-benchmark): the extracted text and the human label are cut into overlapping
 * 4-token shingles, matched as multisets, and scored per page; a set of pages is summarised by the
 * mean precision and mean recall over pages, and F1 of those two means.
 *
 * Two departures, both so that the score does not depend on language or styling: tokens are
 * lower-cased (labels are read off the rendered page, where CSS may upper-case a heading), and each
 * Chinese, Japanese or Korean character is a token of its own (those scripts do not separate words
 * with spaces, so a word-run tokenizer would turn a whole paragraph into one token).
 */

const CJK_CHAR = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN_RE = new RegExp(`[${CJK_CHAR}]|(?:(?![${CJK_CHAR}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');

/**
 * Lower-cased word tokens (runs of letters, digits and combining marks); CJK characters one by one.
 * Underscores separate tokens: markdown uses them for emphasis and escapes, and code identifiers
 * then split the same way on both sides.
 */
export function tokenize(text: string): string[] {
  return Array.from(text.toLowerCase().matchAll(TOKEN_RE), (m) => m[0]);
}

/** Multiset of n-token shingles; a text shorter than n tokens is one shingle of all of them. */
export function shingles(tokens: readonly string[], n = 4): Map<string, number> {
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  const last = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < last; i++) {
    const key = tokens.slice(i, i + n).join('\u0001');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface ShingleCounts {
  /** Shingles in both texts (multiset intersection). */
  tp: number;
  /** Shingles only in the extracted text (boilerplate kept). */
  fp: number;
  /** Shingles only in the label (article text lost). */
  fn: number;
}

export interface PageScore extends ShingleCounts {
  precision: number;
  recall: number;
  f1: number;
}

export function shingleCounts(extracted: string, label: string, n = 4): ShingleCounts {
  const got = shingles(tokenize(extracted), n);
  const want = shingles(tokenize(label), n);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, g] of got) {
    const w = want.get(key) ?? 0;
    tp += Math.min(g, w);
    fp += Math.max(0, g - w);
  }
  for (const [key, w] of want) fn += Math.max(0, w - (got.get(key) ?? 0));
  return { tp, fp, fn };
}

// Both empty counts as perfect; nothing right with something claimed counts as zero.
function precisionOf({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

function recallOf({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

const harmonic = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

/** Precision, recall and F1 of one extracted text against its label. */
export function scorePage(extracted: string, label: string, n = 4): PageScore {
  const counts = shingleCounts(extracted, label, n);
  const precision = precisionOf(counts);
  const recall = recallOf(counts);
  return { ...counts, precision, recall, f1: harmonic(precision, recall) };
}

export interface SetScore {
  pages: number;
  /** Mean precision over pages that extracted anything. */
  precision: number;
  /** Mean recall over pages whose label has text. */
  recall: number;
  /** F1 of the mean precision and mean recall (the benchmark's headline figure). */
  f1: number;
  /** Mean of the per-page F1 values, which weighs a page that failed outright more heavily. */
  meanPageF1: number;
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Summarises page scores the way the benchmark does. */
export function scoreSet(pages: readonly PageScore[]): SetScore {
  const precision = mean(pages.filter((p) => p.tp + p.fp > 0).map((p) => p.precision));
  const recall = mean(pages.filter((p) => p.tp + p.fn > 0).map((p) => p.recall));
  return {
    pages: pages.length,
    precision,
    recall,
    f1: harmonic(precision, recall),
    meanPageF1: mean(pages.map((p) => p.f1)),
  };
}
