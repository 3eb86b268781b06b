/**
 * Answer normalising for the judges: case, width (NFKC), punctuation, markdown emphasis, quotes,
 * articles and thousands separators are folded, so "**“The Bells and Whistles.”**" equals "The Bells
 * and Whistles" and "13186" equals "13,186".
 */

const ARTICLES = new Set(['a', 'an', 'the']);
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

/**
 * The gold answer's words appear in the text in order, side by side. Not a verdict (containing the
 * gold words is no answer: see `sameAnswer`); scripted test models use it to check their evidence.
 */
export function containsGold(prediction: string, gold: string): boolean {
  const g = answerTokens(gold);
  return g.length > 0 && containsRun(answerTokens(prediction), g);
}

/**
 * The one shortcut a judge may take: the prediction and the gold answer are the same words after
 * normalising (case, width, punctuation, markdown, quotes, articles, thousands separators). Anything
 * else, an answer that merely contains the gold words included ("It is not Paris; the answer is
 * Lyon"), goes to the judge model or, with `--judge exact`, counts wrong.
 */
export function sameAnswer(prediction: string | null, gold: string): boolean {
  if (prediction === null) return false;
  const p = answerTokens(prediction);
  const g = answerTokens(gold);
  return g.length > 0 && p.length === g.length && p.every((t, i) => t === g[i]);
}
