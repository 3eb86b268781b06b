/**
 * The `exact` judge: a normalised match of the gold answer against the model's answer. Normalising
 * folds case, width (NFKC), punctuation, markdown emphasis, quotes, articles and thousands
 * separators, so "**“The Bells and Whistles.”**" matches "The Bells and Whistles" and "13186"
 * matches "13,186".
 */

const ARTICLES = new Set(['a', 'an', 'the']);
/** Words that carry no meaning of their own in a long gold answer (see `matchesGold`). */
const GLUE = new Set([...ARTICLES, 'of', 'and', 'in', 'on', 'for', 'to', 'at', 'by', 'with', 'or']);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function fold(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // 30,000,000 / 30 000 000 / 30 000 000 (narrow no-break space) → 30000000
      .replace(/(\d)[,\u00a0\u202f\u2009 ](?=\d{3}(?!\d))/g, '$1')
  );
}

/** Words and numbers (decimals kept whole); a CJK character is a word of its own. */
export function answerTokens(text: string): string[] {
  const found = fold(text).match(/\p{N}+(?:\.\p{N}+)*|[\p{L}\p{M}]+/gu) ?? [];
  const out: string[] = [];
  for (const t of found) {
    if (CJK.test(t)) out.push(...Array.from(t));
    else if (!ARTICLES.has(t)) out.push(t);
  }
  return out;
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Strict: the gold answer's words appear in the prediction in order, side by side. */
export function containsGold(prediction: string, gold: string): boolean {
  const g = answerTokens(gold);
  return g.length > 0 && containsRun(answerTokens(prediction), g);
}

/** "Capacity: 13,186" → "13,186": gold answers sometimes carry a label before the value. */
function unlabelled(gold: string): string | null {
  const at = gold.lastIndexOf(':');
  if (at <= 0) return null;
  const value = gold.slice(at + 1).trim();
  return value && answerTokens(value).length > 0 ? value : null;
}

/**
 * Lenient, for the `exact` judge: the gold answer (or its value after a "Label:") is contained in
 * order; or (not for Chinese, Japanese or Korean answers) every one of its words appears somewhere in
 * the prediction; or, for gold answers of four or more meaningful words, at least three in four do.
 */
export function matchesGold(prediction: string | null, gold: string): boolean {
  if (prediction === null || answerTokens(prediction).length === 0) return false;
  const have = answerTokens(prediction);
  const set = new Set(have);
  const golds = [gold, unlabelled(gold)].filter((g): g is string => g !== null);
  for (const g of golds) {
    const need = answerTokens(g);
    if (need.length === 0) continue;
    if (containsRun(have, need)) return true;
    // Single CJK characters are too common to count one by one: those answers must match in order.
    if (CJK.test(g)) continue;
    if (need.every((t) => set.has(t))) return true;
    const meaningful = need.filter((t) => !GLUE.has(t));
    if (meaningful.length >= 4) {
      const found = meaningful.filter((t) => set.has(t)).length;
      if (found >= Math.ceil(meaningful.length * 0.75)) return true;
    }
  }
  return false;
}
