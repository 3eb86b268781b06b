/**
 * Markdown that is safe to open in any viewer: some render raw HTML and run its scripts, most load
 * remote images. Exported text must run nothing and load nothing.
 *
 * - Text that is not the answer (queries, goals, titles, page evidence) is shown as written: HTML is
 *   escaped and so is markdown syntax, so `![x](url)` in a page title stays text.
 * - The answer keeps its markdown, but raw HTML is escaped, images become links, links that are not
 *   http(s) or mailto become plain text, and (with `isRead`) links to pages that were not read are
 *   shown as plain text with their URL.
 * Code spans and fenced code blocks are left alone: viewers show them literally.
 */

// Quotes stay quotes: with `<` escaped no tag (and so no attribute) can start, and `&quot;` would be
// left as-is wherever the file is read as plain text.
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Untrusted text shown literally: HTML escaped, markdown syntax escaped. */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => HTML_ESCAPES[c] ?? c)
    .replace(/[\\`*_[\]!|~]/g, '\\$&')
    .replace(/^(\s*)([#+=-])/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/gm, '$1\\$2');
}

export interface AnswerOptions {
  /** True for pages Sleuth read; other links become plain text with their URL. */
  isRead?: (url: string) => boolean;
}

import { hasHiddenCharacters } from './href-safety';

const isWeb = (url: string) => /^https?:\/\//i.test(url);
const isLinkable = (url: string) => isWeb(url) || /^mailto:/i.test(url);

/** The answer's markdown with nothing left that runs or loads. */
export function safeAnswerMarkdown(markdown: string, opts: AnswerOptions = {}): string {
  return splitCode(markdown)
    .map((part) => (part.code ? part.text : safeProse(part.text, opts)))
    .join('');
}

function safeProse(text: string, opts: AnswerOptions): string {
  // A reference definition ([r]: url) would turn `![x][r]` into an image: it becomes text.
  const noDefinitions = text.replace(
    /^( {0,3})\[([^\]\n]+)\]:[ \t]*(\S+)/gm,
    (_, lead: string, label: string, dest: string) => `${lead}\\[${label}\\]: ${codeText(dest)}`,
  );
  return rewriteLinks(noDefinitions, opts).replace(/<(?=[A-Za-z/!?])/g, '&lt;');
}

const codeText = (url: string) => `\`${url.replace(/`/g, "'")}\``;

/** Finds `[text](dest)` and `![alt](dest)` / `![alt][ref]` and rewrites them as the rules above say. */
function rewriteLinks(text: string, opts: AnswerOptions): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('[', i);
    if (open === -1) break;
    if (isEscaped(text, open)) {
      out += bare(text.slice(i, open + 1), opts);
      i = open + 1;
      continue;
    }
    const image = open > 0 && text[open - 1] === '!' && !isEscaped(text, open - 1);
    const close = matching(text, open, '[', ']');
    if (close === -1) break;
    const label = text.slice(open + 1, close);
    const before = text.slice(i, image ? open - 1 : open);
    if (text[close + 1] === '(') {
      const end = matching(text, close + 1, '(', ')');
      if (end !== -1) {
        const dest = destinationOf(text.slice(close + 2, end));
        out += bare(before, opts) + linkOrText(rewriteLinks(label, opts), dest, opts);
        i = end + 1;
        continue;
      }
    }
    // A reference-style image is a link once the '!' is gone.
    out += bare(before, opts) + text.slice(open, close + 1);
    i = close + 1;
  }
  return out + bare(text.slice(i), opts);
}

// What GFM viewers turn into links without any link syntax: http(s) URLs and www. names.
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>`\uE000-\uF8FF]+/gi;

/** A bare URL a viewer would autolink stays a link only for a page Sleuth read; else it is code. */
function bare(text: string, opts: AnswerOptions): string {
  if (!opts.isRead) return text;
  const isRead = opts.isRead;
  return text.replace(BARE_URL, (url) => {
    const plain = url.replace(/[.,;:!?)\]]+$/, '');
    const ok = isWeb(plain) && isRead(plain) && !hasHiddenCharacters(plain);
    return ok ? url : `${codeText(plain)}${url.slice(plain.length)}`;
  });
}

/** marked re-reads a link's text with backslash escapes undone: escaped brackets become entities. */
const labelText = (label: string) =>
  label
    .replace(/\\\[/g, '&#91;')
    .replace(/\\\]/g, '&#93;')
    .replace(/!(?=&#91;)/g, '&#33;');

function linkOrText(raw: string, dest: string, opts: AnswerOptions): string {
  const label = labelText(raw);
  if (!isLinkable(dest) || hasHiddenCharacters(dest)) return `${label} (${codeText(dest)})`;
  if (isWeb(dest) && opts.isRead && !opts.isRead(dest)) return `${label} (${codeText(dest)})`;
  return `[${label}](${dest.replace(/[<>()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)})`;
}

function destinationOf(inside: string): string {
  const t = inside.trim();
  if (t.startsWith('<')) return t.slice(1, t.indexOf('>') === -1 ? undefined : t.indexOf('>'));
  return t.split(/\s+/)[0] ?? '';
}

function isEscaped(text: string, at: number): boolean {
  let n = 0;
  for (let j = at - 1; j >= 0 && text[j] === '\\'; j--) n++;
  return n % 2 === 1;
}

function matching(text: string, at: number, open: string, close: string): number {
  let depth = 0;
  for (let j = at; j < text.length; j++) {
    const c = text[j];
    if (c === '\n' && text[j + 1] === '\n') return -1;
    if (isEscaped(text, j)) continue;
    if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return -1;
}

interface Part {
  text: string;
  code: boolean;
}

/** Splits markdown into code (fenced blocks, inline spans) and everything else. */
export function splitCode(markdown: string): Part[] {
  const parts: Part[] = [];
  const lines = markdown.split(/(?<=\n)/);
  let prose = '';
  let fence: { char: string; len: number } | null = null;
  let block = '';
  for (const line of lines) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (!fence && m?.[1]) {
      parts.push(...splitInline(prose));
      prose = '';
      fence = { char: m[1][0] ?? '`', len: m[1].length };
      block = line;
      continue;
    }
    if (fence) {
      block += line;
      const c = new RegExp(`^ {0,3}\\${fence.char}{${fence.len},}\\s*$`).exec(line);
      if (c) {
        parts.push({ text: block, code: true });
        fence = null;
        block = '';
      }
      continue;
    }
    prose += line;
  }
  // An unclosed fence runs to the end of the document, as viewers render it.
  if (fence) parts.push({ text: block, code: true });
  parts.push(...splitInline(prose));
  return parts.filter((p) => p.text !== '');
}

function splitInline(text: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  let last = 0;
  while (i < text.length) {
    if (text[i] !== '`' || isEscaped(text, i)) {
      i++;
      continue;
    }
    let run = 0;
    while (text[i + run] === '`') run++;
    const closeAt = findRun(text, i + run, run);
    if (closeAt === -1) {
      i += run;
      continue;
    }
    parts.push(
      { text: text.slice(last, i), code: false },
      { text: text.slice(i, closeAt + run), code: true },
    );
    i = closeAt + run;
    last = i;
  }
  parts.push({ text: text.slice(last), code: false });
  return parts;
}

function findRun(text: string, from: number, run: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] !== '`') continue;
    let n = 0;
    while (text[j + n] === '`') n++;
    if (n === run) return j;
    j += n - 1;
  }
  return -1;
}
