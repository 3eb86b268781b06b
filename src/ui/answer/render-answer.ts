import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
import type { CitedAnswer } from '../../agent/types';
import { isWebUrl } from '../../export/domain';

/**
 * Answer markdown → safe HTML with numbered citations. The model's text (and whatever pages it read
 * echoed into it) is untrusted: everything passes DOMPurify, and citation markup is added only
 * afterwards, from our own data, through private-use placeholders that input text cannot contain.
 */
const CITE_OPEN = '\uE000';
const CITE_CLOSE = '\uE001';
const UNSUP_OPEN = '\uE002';
const UNSUP_CLOSE = '\uE003';
const PRIVATE = /[\uE000-\uE003]/g;

export interface AnswerLabels {
  /** Tooltip on a sentence no page read supports. */
  unsupported: string;
}

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!isWebUrl(href) && !href.startsWith('mailto:')) {
        node.removeAttribute('href');
        return;
      }
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('title', href);
    }
    // No remote images: they would leak that the answer was viewed, and the CSP blocks them anyway.
    if (node.nodeName === 'IMG' && !(node.getAttribute('src') ?? '').startsWith('data:image/')) {
      node.remove();
    }
  });
  purifier = p;
  return p;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const BLOCK_START = /^(\s*(?:#{1,6}\s|[-*+]\s+|\d+[.)]\s+|>\s*)*)/;
const SKIP_MARK = /^\s*(?:#{1,6}\s|\||```|$)/;

/** Re-joins the cited sentences with placeholders: citation numbers after, unsupported spans around. */
function withPlaceholders(cited: CitedAnswer): string {
  return cited.sentences
    .map((s) => {
      const text = s.text.replace(PRIVATE, '');
      const body = text.trimEnd();
      const tail = text.slice(body.length);
      if (s.citations.length > 0) return `${body}${CITE_OPEN}${s.citations.join(',')}${CITE_CLOSE}${tail}`;
      if (s.supported || SKIP_MARK.test(body)) return text;
      const lead = BLOCK_START.exec(body)?.[1] ?? '';
      if (!body.slice(lead.length).trim()) return text;
      return `${lead}${UNSUP_OPEN}${body.slice(lead.length)}${UNSUP_CLOSE}${tail}`;
    })
    .join('');
}

function citationLinks(nums: string, sources: CitedAnswer['sources']): string {
  const links = nums.split(',').map((raw) => {
    const n = Number(raw);
    const src = sources.find((s) => s.n === n);
    if (!src || !isWebUrl(src.url)) return `[${n}]`;
    const title = escapeAttr(`${src.title} — ${src.url}`);
    return `<a class="citation" data-testid="citation" href="${escapeAttr(src.url)}" target="_blank" rel="noopener noreferrer" title="${title}">[${n}]</a>`;
  });
  return `<sup class="citations">${links.join('')}</sup>`;
}

function replacePlaceholders(html: string, cited: CitedAnswer, labels: AnswerLabels): string {
  let out = html.replace(/\uE000([\d,]+)\uE001/g, (_, nums: string) => citationLinks(nums, cited.sources));
  // A sentence wholly inside one text run gets a span; one that crosses tags gets a trailing mark.
  const title = escapeAttr(labels.unsupported);
  out = out.replace(
    /\uE002([^<>\uE002\uE003]*)\uE003/g,
    (_, text: string) => `<span class="unsupported" tabindex="0" title="${title}">${text}</span>`,
  );
  out = out.replace(
    /\uE003/g,
    `<span class="unsupported-mark" title="${title}" aria-label="${title}">?</span>`,
  );
  return out.replace(PRIVATE, '');
}

/** Renders answer markdown to sanitized HTML; with citations, marks supported and unsupported sentences. */
export function renderAnswer(markdown: string, cited: CitedAnswer | null, labels: AnswerLabels): string {
  const useCited = cited !== null && cited.sentences.length > 0;
  const source = useCited ? withPlaceholders(cited) : markdown.replace(PRIVATE, '');
  const raw = marked.parse(source, { async: false });
  const clean = getPurifier().sanitize(raw, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
  return useCited ? replacePlaceholders(clean, cited, labels) : clean.replace(PRIVATE, '');
}
