import { splitSentences } from '../../text/sentences';
import type { Claim, Window } from './match';
import { keysOn, type PageIndex } from './page-index';
import { occurs, termAt } from './page-sentences';

/**
 * The page's words a citation shows: whole sentences of the page (the one sentence splitter's),
 * those of the supporting window that hold the claim's words, in page order, read as a reader sees
 * them (no markdown). A window can straddle two copies of one passage (the end of a sentence, then
 * the same sentence again from its start); a sentence that adds none of the claim's words to those
 * already quoted is left out, so such a quote shows the sentence once, whole.
 */

const QUOTE_MAX = 280;
/** How far before and after a window a sentence that overlaps it may reach. */
const REACH = 600;

interface Span {
  start: number;
  end: number;
  /** The split began (or stopped) inside this sentence: its start (or end) is not shown whole. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** The page's sentences that overlap the window, as character ranges of the page text. */
function sentencesOver(text: string, w: Window): Span[] {
  // Split from the start of the window's first line, so its first sentence is whole; a line longer
  // than REACH is split from REACH before the window, and a sentence cut there is marked.
  const lineStart = text.lastIndexOf('\n', w.start - 1) + 1;
  const from = Math.max(lineStart, w.start - REACH);
  const newline = text.indexOf('\n', w.end);
  const lineEnd = newline < 0 ? text.length : newline + 1;
  const to = Math.min(lineEnd, w.end + REACH);
  const out: Span[] = [];
  let at = from;
  for (const s of splitSentences(text.slice(from, to))) {
    const start = at;
    at += s.length;
    if (at <= w.start || start >= w.end || !s.trim()) continue;
    out.push({
      start,
      end: at,
      cutStart: start === from && from > lineStart,
      cutEnd: at === to && to < lineEnd,
    });
  }
  return out;
}

/** Per sentence, the claim's terms (among those the window holds) that it states. */
function heldBy(page: PageIndex, w: Window, claim: Claim, spans: readonly Span[]): number[][] {
  const keys = claim.terms.map((t) => (t.value === undefined ? [t.key] : keysOn(page, t)));
  return spans.map((s) => {
    const sentence = { start: s.start, end: s.end, from: termAt(page, s.start), to: termAt(page, s.end) };
    return claim.terms.flatMap((_, i) => (w.hit[i] && occurs(page, keys[i] ?? [], sentence) ? [i] : []));
  });
}

/** The fewest sentences that hold the claim's words the window holds, best first, within QUOTE_MAX. */
function choose(page: PageIndex, w: Window, claim: Claim | null, spans: readonly Span[]): Span[] {
  if (!claim || spans.length <= 1) return [...spans];
  const held = heldBy(page, w, claim, spans);
  if (held.every((h) => h.length === 0)) return [...spans];
  const covered = new Set<number>();
  const picked: number[] = [];
  let length = 0;
  for (;;) {
    let best = -1;
    let bestGain = 0;
    held.forEach((terms, k) => {
      if (picked.includes(k)) return;
      const gain = terms.reduce((sum, i) => sum + (covered.has(i) ? 0 : (claim.weights[i] ?? 0)), 0);
      if (gain > bestGain + 1e-9) {
        best = k;
        bestGain = gain;
      }
    });
    const span = spans[best];
    if (!span || (picked.length > 0 && length + span.end - span.start > QUOTE_MAX)) break;
    picked.push(best);
    length += span.end - span.start;
    for (const i of held[best] ?? []) covered.add(i);
  }
  return picked.sort((a, b) => a - b).flatMap((k) => (spans[k] ? [spans[k]] : []));
}

const HEADING = /^[ \t]*#{1,6}[ \t]/;

/** Page text is markdown; a quote shows the words a reader sees, without link targets or marks. */
function readable(text: string): string {
  return (
    text
      .replace(/<\/?[a-z][^>\n]*>/gi, ' ')
      .replace(/^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/gm, '')
      .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?$/gm, '')
      .replace(/^[ \t]*\|(.*?)\|?[ \t]*$/gm, (_, cells: string) => cells.split(/(?<!\\)\|/).join(' · '))
      .replace(/^[ \t]*(?:>[ \t]*)+/gm, '')
      .replace(/^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+)+/gm, '')
      .replace(/(?<!\\)!?\[((?:\\.|[^[\]\\\n])*)\]\([^)\n]*\)/g, '$1')
      .replace(/(?<!\\)\[(?:…|\.\.\.|\d{1,3})(?<!\\)\]/g, ' ')
      .replace(/(?<!\\)\[([^\]\n]*)(?<!\\)\]/g, '$1')
      .replace(/(?<!\\)[[\]]/g, '')
      .replace(/^[ \t]*#{1,6}[ \t]+|[ \t]+#+[ \t]*$/gm, '')
      .replace(/\*\*|__|`|(?<![\p{L}\p{N}\\])[*_]|(?<!\\)[*_](?![\p{L}\p{N}])/gu, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
      // Footnote marks ("[3]", "[n 3]", "[Page 1]") point elsewhere: they are no words of the sentence.
      .replace(/\[(?:[a-z]{1,4} ?)?\d{1,3}\]/gi, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A sentence too long to quote whole: the part the window covers, widened at words to QUOTE_MAX, with "…". */
function part(text: string, s: Span, w: Window): string {
  const a = Math.max(s.start, w.start);
  const b = Math.min(s.end, w.end);
  const room = Math.max(0, QUOTE_MAX - 2 - (b - a));
  let from = Math.max(s.start, a - (room >> 1));
  let to = Math.min(s.end, b + room - (a - from));
  // Room the sentence's end leaves unused goes before the window.
  from = Math.max(s.start, a - (room - (to - b)));
  // Widened ends stop at a word: a cut word would read as a different one.
  const space = text.slice(from, a).search(/\s/);
  if (from > s.start && space >= 0) from += space + 1;
  const last = text.slice(b, to).lastIndexOf(' ');
  if (to < s.end && last >= 0) to = b + last;
  let core = readable(text.slice(from, to));
  const whole = core.length;
  if (whole > QUOTE_MAX - 2) core = core.slice(0, QUOTE_MAX - 2).replace(/\s+\S*$/, '');
  const head = from > s.start || s.cutStart ? '…' : '';
  const tail = to < s.end || s.cutEnd || core.length < whole ? '…' : '';
  return `${head}${core}${tail}`;
}

/** What joins two quoted sentences that stand next to each other on the page. */
function joiner(quote: string, raw: string, next: string): string {
  if (/[.!?:;。！？…"”’)]$/u.test(quote) || /^\p{Ll}/u.test(next)) return ' ';
  // A heading, or a short line naming what the next one says ("Latency" above its definition).
  if (HEADING.test(raw) || raw.trim().split(/\s+/).length <= 8) return ': ';
  return '; ';
}

/** The page's words around a window: the sentences of it that hold the claim, whole where they fit. */
export function quoteOf(page: PageIndex, w: Window, claim: Claim | null): string {
  const { text } = page;
  const spans = choose(page, w, claim, sentencesOver(text, w));
  const first = spans[0];
  if (!first) return readable(text.slice(w.start, w.end));
  const whole = !first.cutStart && !first.cutEnd;
  if (spans.length === 1 && (!whole || readable(text.slice(first.start, first.end)).length > QUOTE_MAX))
    return part(text, first, w);
  let quote = '';
  let prev: Span | null = null;
  for (const s of spans) {
    const words = readable(text.slice(s.start, s.end));
    if (!words) continue;
    if (prev) {
      const between = text.slice(prev.end, s.start).trim();
      quote += between ? ' … ' : joiner(quote, text.slice(prev.start, prev.end), words);
    }
    quote += `${s.cutStart ? '…' : ''}${words}${s.cutEnd ? '…' : ''}`;
    prev = s;
  }
  return quote.length > QUOTE_MAX ? `${quote.slice(0, QUOTE_MAX - 1).replace(/\s+\S*$/, '')}…` : quote;
}
