import type { Translate } from '../shared/translate';

/** Long titles make a clumsy question; the suggestion names the page by a short form of it. */
const TITLE_MAX = 48;

function shortTitle(title: string): string {
  const main = title.split(/\s+[|–—·-]\s+/)[0]?.trim() ?? '';
  if (main.length <= TITLE_MAX) return main;
  return `${main.slice(0, TITLE_MAX).replace(/\s+\S*$/, '')}…`;
}

/**
 * Two or three follow-up questions for under an answer. The model gives none (DR-Venus has no slot
 * for them), so they come from what the run has: the pages read, first cited first, and the answer's
 * evidence as a whole. Never the question repeated.
 */
export function suggestFollowUps(
  question: string,
  pages: ReadonlyArray<{ url: string; title: string }>,
  t: Translate,
): string[] {
  const out: string[] = [];
  const titled = pages.map((p) => shortTitle(p.title)).filter((s) => s.length >= 3);
  const first = titled[0];
  if (first) out.push(t('suggestFromPage', first));
  out.push(t('suggestEvidence'));
  const second = titled.find((s) => s !== first);
  out.push(second ? t('suggestCompare', [first ?? '', second]) : t('suggestRecent'));
  const asked = question.trim().toLowerCase();
  return out.filter((s) => s.trim().toLowerCase() !== asked).slice(0, 3);
}
