/**
 * Word counting and text-overlap scoring shared by extraction, its tests and its benchmark.
 * Words come from the one tokenizer (`src/text/words`): Chinese and Japanese count by character.
 */
import { words } from '../text/words';

export { words };

/** Markdown reduced to the text a reader sees: link targets and fence markers dropped. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/\]\((?:[^()\s]|\([^()\s]*\))*\)/g, ']')
    .replace(/^```.*$/gm, '')
    .replace(/<https?:\/\/[^>\s]+>/g, '');
}

// Emphasis opens after a space or bracket and closes before one, so snake_case names keep their underscores.
const EMPHASIS = /(^|[\s([])(?<!\\)([*_])(?=\S)([^*_\n]*?\S)(?<!\\)\2(?=$|[\s)\].,;:!?])/gm;
// Turndown escapes characters that would start markdown ("1\." at a line start, "\_", "\*").
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!|>~])/g;

/** Markdown as prose for people: link text kept, heading marks, emphasis, escapes, code ticks and table pipes gone. */
export function markdownToReadableText(markdown: string): string {
  return markdownToPlainText(markdown)
    .replace(/(?<!\\)\[([^\]]*)(?<!\\)\]/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(EMPHASIS, '$1$3')
    .replace(/\s*(?<!\\)\|\s*/g, ' ')
    .replace(ESCAPED, '$1')
    .trim();
}

/** Multiset word overlap F1 between two texts (1 when both are empty). */
export function wordF1(candidate: string, reference: string): number {
  const a = words(candidate);
  const b = words(reference);
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const w of b) counts.set(w, (counts.get(w) ?? 0) + 1);
  let overlap = 0;
  for (const w of a) {
    const left = counts.get(w) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(w, left - 1);
    }
  }
  const precision = overlap / a.length;
  const recall = overlap / b.length;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}
