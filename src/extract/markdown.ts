/**
 * HTML → markdown with turndown, configured for a model reader: atx headings, fenced code, absolute
 * link URLs, no images (no remote loads and little text value) and no interactive or embedded noise.
 */
import TurndownService from 'turndown';
import { addTableRules } from './markdown-tables';

const NOISE_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'canvas',
  'video',
  'audio',
  'picture',
  'source',
  'img',
  'button',
  'input',
  'select',
  'textarea',
  'nav',
]);

/** Resolves an href against the page; null for anything that is not an http(s) URL. */
export function absoluteHttpUrl(href: string | null, baseUrl: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function samePageAnchor(url: string, baseUrl: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(baseUrl);
    a.hash = '';
    b.hash = '';
    return a.href === b.href;
  } catch {
    return false;
  }
}

export function createMarkdownConverter(baseUrl: string): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    hr: '---',
  });
  // Forms are not removed: ASP.NET-style pages wrap their whole content in one <form>.
  // A rule rather than remove(): turndown consults its built-in rules (images among them) first.
  service.addRule('noise', {
    filter: (node) => NOISE_TAGS.has(node.nodeName.toLowerCase()),
    replacement: () => '',
  });
  // MathML text is a jumble of symbols; its LaTeX alt text, where given, reads far better.
  service.addRule('math', {
    filter: (node) => node.nodeName.toLowerCase() === 'math',
    replacement: (content, node) => {
      const alt = node.getAttribute('alttext')?.trim();
      return alt ? ` $${alt}$ ` : content;
    },
  });
  service.addRule('absoluteLinks', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => {
      const text = content.replace(/\s*\n+\s*/g, ' ').trim();
      if (!text) return '';
      const url = absoluteHttpUrl(node.getAttribute('href'), baseUrl);
      if (!url || samePageAnchor(url, baseUrl)) return content;
      return `[${text}](${url.replace(/[()]/g, (c) => encodeURIComponent(c))})`;
    },
  });
  addTableRules(service);
  return service;
}

/** Converts an element's content to markdown, tidying blank runs that turndown leaves behind. */
export function elementToMarkdown(service: TurndownService, el: HTMLElement): string {
  return service
    .turndown(el)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
