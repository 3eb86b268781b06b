/**
 * Search tokens for passage ranking. Latin-script text splits on word boundaries minus a light
 * stop-word list; CJK runs have no spaces, so they become overlapping character bigrams, which
 * match multi-character words without a dictionary.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

// Function words that carry no topic; kept short so that negations and numbers still count.
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this those to was we were what when ' +
    'where which who whom why will with would you your about also any each just more most other some such ' +
    'find information page pages please tell user goal question'
  ).split(' '),
);

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
}

export function tokenizeForSearch(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (const run of lower.match(CJK_RUN) ?? []) out.push(...bigrams(run));
  for (const word of lower.replace(CJK_RUN, ' ').match(WORD) ?? []) {
    if (!STOP_WORDS.has(word)) out.push(word);
  }
  return out;
}
