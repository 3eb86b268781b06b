/**
 * Token count when no tokenizer is at hand, erring high so budgets hold: ASCII at 3 characters a
 * token (English BPE averages about 4), every other code point a whole token (CJK is about one per
 * character, so a characters ÷ 3 rule would undercount Chinese pages threefold).
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 3) + other;
}
