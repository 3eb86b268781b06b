/**
 * The one sentence splitter, on `Intl.Segmenter` (Unicode sentence rules: "e.g. this" and "3.14"
 * stay whole, CJK full stops end a sentence without a space, a line break ends one too).
 */

let segmenter: Intl.Segmenter | undefined;

// V8 before 12.3 (Node 20) segments in quadratic time (https://crbug.com/326176949), so text is
// handed over in short pieces cut where the rules break anyway: after a line break, or after a
// full stop and space before a capital, digit or CJK character (ICU ends a sentence there too).
const LINES = /[^\n]*\n+|[^\n]+$/g;
const SAFE_CUT =
  /[.!?。！？]["'”’)\]]*\s+(?=[\p{Lu}\p{N}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;
const PIECE = 600;

function pieces(text: string): string[] {
  const out: string[] = [];
  for (const line of text.match(LINES) ?? []) {
    if (line.length <= PIECE) {
      out.push(line);
      continue;
    }
    let start = 0;
    for (const m of line.matchAll(SAFE_CUT)) {
      const end = (m.index ?? 0) + m[0].length;
      if (end - start >= PIECE) {
        out.push(line.slice(start, end));
        start = end;
      }
    }
    out.push(line.slice(start));
  }
  return out;
}

// A markdown heading is one unit however it is punctuated: "## Que regarder cette semaine ? La
// sélection" or "## The L.E.A.N. Ads program" split in two left a tail that read as a claim.
const HEADING_LINE = /^ {0,3}#{1,6}\s/;

// Markdown emphasis that closes right after a full stop ("**Done.** Next") belongs to that sentence.
const CLOSERS = /^[*_`]+(?:\s+|$)/;

/** Sentences that concatenate back to the text exactly; whitespace stays with the sentence before. */
export function splitSentences(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const parts: string[] = [];
  for (const piece of pieces(text)) {
    if (HEADING_LINE.test(piece) && !piece.trimEnd().includes('\n') && piece.length <= PIECE) {
      parts.push(piece);
      continue;
    }
    for (const { segment } of segmenter.segment(piece)) {
      const last = parts.length - 1;
      const closer = CLOSERS.exec(segment)?.[0] ?? '';
      if (last >= 0 && (!segment.trim() || closer)) {
        parts[last] += closer || segment;
        if (closer && segment.length > closer.length) parts.push(segment.slice(closer.length));
      } else parts.push(segment);
    }
  }
  return parts;
}

/** Sentences as single-spaced, trimmed text (for summaries and for splitting long paragraphs). */
export function sentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  return splitSentences(flat)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The first sentences of a text, up to `maxChars` (at least one sentence, cut if needed). */
export function leadSentences(text: string, count: number, maxChars: number): string {
  let out = '';
  for (const s of sentences(text).slice(0, count)) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > maxChars) {
      if (!out) out = `${s.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
      break;
    }
    out = next;
  }
  return out;
}
