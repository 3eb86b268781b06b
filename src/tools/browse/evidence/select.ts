/** Fills the evidence slot: best passages first, within a token budget, shown in document order. */

import { estimateTokens } from '../../../llm/token-estimate';
import type { Passage } from './passages';
import type { RankedPassage } from './rank';

export type TokenCounter = (text: string) => number;

export { estimateTokens };

const GAP = '[…]';

/** Passages in document order, with the heading repeated when it changes and gaps marked. */
export function renderPassages(chosen: Passage[]): string {
  const parts: string[] = [];
  let prev: Passage | undefined;
  for (const p of [...chosen].sort((a, b) => a.index - b.index)) {
    if (prev && p.index !== prev.index + 1) parts.push(GAP);
    const showHeading = p.heading && (!prev || prev.heading !== p.heading || p.index !== prev.index + 1);
    parts.push(showHeading ? `## ${p.heading}\n${p.text}` : p.text);
    prev = p;
  }
  return parts.join('\n\n');
}

function cutToBudget(text: string, budget: number, count: TokenCounter): string {
  if (count(text) <= budget) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (count(`${text.slice(0, mid)}…`) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${text.slice(0, lo).trimEnd()}…` : '';
}

/**
 * Chooses passages by score until the budget is spent. With no matching passage at all, the page's
 * opening passages are used, since a page the model chose to visit usually leads with its point.
 */
export function selectEvidence(
  ranked: RankedPassage[],
  all: Passage[],
  budgetTokens: number,
  count: TokenCounter = estimateTokens,
): { text: string; chosen: Passage[] } {
  const order = ranked.length > 0 ? ranked.map((r) => r.passage) : all;
  const chosen: Passage[] = [];
  for (const p of order) {
    const trial = renderPassages([...chosen, p]);
    if (count(trial) <= budgetTokens) chosen.push(p);
    else if (chosen.length === 0) {
      // Even the best passage alone is too long: keep its beginning rather than nothing.
      const cut = cutToBudget(renderPassages([p]), budgetTokens, count);
      return { text: cut, chosen: cut ? [p] : [] };
    }
  }
  return { text: renderPassages(chosen), chosen: chosen.sort((a, b) => a.index - b.index) };
}
