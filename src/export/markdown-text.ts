import { isWebUrl } from './domain';

/**
 * Untrusted text inside an HTML element (a `<summary>`) must not become live HTML when the .md file is
 * rendered. Element text, not an attribute: quotes need no escaping, and `&quot;` would show raw.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Link text shown as written. Brackets become entities: marked re-reads a link's text with its
 * backslash escapes undone, so `!\[x\](url)` inside one would still turn into an image.
 */
export function escapeLinkText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\*_`!])/g, '\\$1');
}

/** A markdown link for web URLs; other schemes are shown as code so nothing clicks through to them. */
export function mdLink(text: string, url: string): string {
  if (!isWebUrl(url)) return `${escapeLinkText(text)} (\`${url.replace(/`/g, "'")}\`)`;
  const target = /[\s()<>]/.test(url) ? `<${encodeURI(decodeSafe(url))}>` : url;
  return `[${escapeLinkText(text) || url}](${target})`;
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

export function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
