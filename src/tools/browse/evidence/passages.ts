/**
 * Splits page markdown into passages of roughly 80–200 words that never cross a heading, each
 * remembering the nearest heading so a passage read on its own still has its context.
 */
import { sentences } from '../../../text/sentences';
import { words } from '../../../text/words';

export interface Passage {
  /** Position in the document, 0-based. */
  index: number;
  /** Text of the nearest heading above the passage ('' before the first heading). */
  heading: string;
  text: string;
  wordCount: number;
}

export interface SplitOptions {
  minWords?: number;
  maxWords?: number;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Markdown blocks separated by blank lines, with fenced code kept whole. */
function blocks(markdown: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = current.join('\n').trim();
    if (text) out.push(text);
    current = [];
  };
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && HEADING.test(line)) {
      flush();
      out.push(line.trim());
      continue;
    }
    if (!inFence && line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return out;
}

/** Cuts one oversized block at sentence ends (or, for run-on text, at word counts). */
function splitLong(text: string, maxWords: number): string[] {
  const pieces: string[] = [];
  let current = '';
  let count = 0;
  for (const sentence of sentences(text)) {
    const n = words(sentence).length;
    if (n > maxWords) {
      if (current) pieces.push(current);
      const tokens = sentence.split(/(\s+)/);
      let chunk = '';
      for (const t of tokens) {
        if (words(chunk + t).length > maxWords && chunk.trim()) {
          pieces.push(chunk.trim());
          chunk = '';
        }
        chunk += t;
      }
      current = chunk.trim();
      count = words(current).length;
      continue;
    }
    if (count + n > maxWords && current) {
      pieces.push(current);
      current = '';
      count = 0;
    }
    current = current ? `${current} ${sentence}` : sentence;
    count += n;
  }
  if (current) pieces.push(current);
  return pieces;
}

export function splitPassages(markdown: string, opts: SplitOptions = {}): Passage[] {
  const minWords = opts.minWords ?? 80;
  const maxWords = opts.maxWords ?? 200;
  const out: Passage[] = [];
  let heading = '';
  let buffer: string[] = [];
  let bufferWords = 0;
  const flush = () => {
    if (buffer.length > 0) {
      out.push({ index: out.length, heading, text: buffer.join('\n\n'), wordCount: bufferWords });
    }
    buffer = [];
    bufferWords = 0;
  };
  for (const block of blocks(markdown)) {
    const h = HEADING.exec(block);
    if (h) {
      flush();
      heading = (h[2] ?? '').trim();
      continue;
    }
    const n = words(block).length;
    if (n === 0) continue;
    const parts = n > maxWords ? splitLong(block, maxWords) : [block];
    for (const part of parts) {
      const m = parts.length === 1 ? n : words(part).length;
      if (bufferWords > 0 && bufferWords + m > maxWords) flush();
      buffer.push(part);
      bufferWords += m;
      if (bufferWords >= minWords) flush();
    }
  }
  flush();
  return out;
}
