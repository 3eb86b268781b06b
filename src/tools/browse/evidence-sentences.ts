/** Sentence helpers for summaries and for splitting long paragraphs. */

// A sentence ends at . ! ? (followed by space) or at CJK full stops, which need no space after.
const SENTENCE = /[^.!?。！？]+(?:[.!?]+(?=\s|$)|[。！？]+|$)|[^\s]+/gu;

export function sentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const parts = flat.match(SENTENCE) ?? [flat];
  const out: string[] = [];
  for (const part of parts) {
    const s = part.trim();
    if (!s) continue;
    // "e.g. this" or "U.S. policy" split too eagerly; glue fragments that start in lower case.
    const last = out.length - 1;
    if (last >= 0 && /^[a-z]/.test(s) && /[.]$/.test(out[last] ?? '')) out[last] = `${out[last]} ${s}`;
    else out.push(s);
  }
  return out;
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
