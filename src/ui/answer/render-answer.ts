import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
import type { CitedAnswer, CitedSentence } from '../../agent/types';
import { isWebUrl } from '../../export/domain';
import { hasHiddenCharacters, withoutHiddenCharacters } from '../../security/href-safety';
import { safeAnswerMarkdown } from '../../security/markdown-escape';

/**
 * Answer markdown → safe HTML with numbered citations. The model's text (and whatever pages it read
 * echoed into it) is untrusted: everything passes DOMPurify, and citation markup is added only
 * afterwards, from our own data, through private-use placeholders that input text cannot contain.
 */
const CITE_OPEN = '\uE000';
const CITE_CLOSE = '\uE001';
const UNSUP = '\uE002';
const PRIVATE = /[\uE000-\uE003]/g;

export interface AnswerLabels {
  /** Tooltip on a sentence no page read supports. */
  unsupported: string;
}

let purifier: Purifier | null = null;
/** The read-page test of the rendering in progress (sanitize is synchronous, so one at a time). */
let linkAllowed: ((url: string) => boolean) | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    // Placeholders (and anything hidden) stay in text only: replacePlaceholders writes markup for
    // them, which inside an attribute would break out of it.
    for (const name of node.getAttributeNames()) {
      const value = node.getAttribute(name) ?? '';
      if (name !== 'href' && value !== withoutHiddenCharacters(value))
        node.setAttribute(name, withoutHiddenCharacters(value));
    }
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      // Every link is judged here, after markdown: autolinked bare URLs never met safeAnswerMarkdown.
      const web = isWebUrl(href);
      const allowed = web ? (linkAllowed?.(href) ?? true) : href.startsWith('mailto:') && !linkAllowed;
      if (!allowed || hasHiddenCharacters(href)) {
        node.removeAttribute('href');
        node.removeAttribute('title');
        return;
      }
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('title', href);
    }
  });
  purifier = p;
  return p;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SKIP_MARK = /^\s*(?:#{1,6}\s|\||```|$)/;
// A clause ending in a comma or semicolon takes its citation before that mark: "in 1998[1], and".
const CLAUSE_END = /[,;:]$/;

/** Re-joins the cited sentences with placeholders: citation numbers after, a mark after unsupported ones. */
function withPlaceholders(cited: CitedAnswer): string {
  return cited.sentences
    .map((s, i) => {
      const text = s.text.replace(PRIVATE, '');
      const body = text.trimEnd();
      const tail = text.slice(body.length);
      if (s.heading || SKIP_MARK.test(body)) return text;
      const mark = CLAUSE_END.test(body) ? body.length - 1 : body.length;
      if (s.citations.length > 0)
        return `${body.slice(0, mark)}${CITE_OPEN}${i}${CITE_CLOSE}${body.slice(mark)}${tail}`;
      if (s.supported || !/[\p{L}\p{N}]/u.test(body)) return text;
      return `${body.slice(0, mark)}${UNSUP}${body.slice(mark)}${tail}`;
    })
    .join('');
}

// Each rendering gets its own id prefix, so two answers on one page never share a tooltip id.
let renderSeq = 0;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The citation numbers of a sentence. A citation with a supporting quote gets a tooltip (shown on
 * hover and on keyboard focus by CSS, dismissed with Escape by the answer view) that is also the
 * link's accessible description, so a screen reader hears the quote too.
 */
function citationLinks(sentence: CitedSentence, sources: CitedAnswer['sources'], id: string): string {
  const links = sentence.citations.map((n, j) => {
    const src = sources.find((s) => s.n === n);
    if (!src || !isWebUrl(src.url) || hasHiddenCharacters(src.url)) return `[${n}]`;
    const quote = sentence.quotes?.[j]?.replace(PRIVATE, '').trim() ?? '';
    const href = escapeAttr(src.url);
    const link = `<a class="citation" data-testid="citation" href="${href}" target="_blank" rel="noopener noreferrer"`;
    if (!quote) return `${link} title="${escapeAttr(`${src.title} — ${src.url}`)}">[${n}]</a>`;
    const tip = `${id}-${j}`;
    return (
      `${link} aria-describedby="${tip}">[${n}]</a>` +
      `<span class="cite-quote" role="tooltip" id="${tip}" data-testid="cite-quote">` +
      // Title and site apart: a long title gives way (…), the site always shows — it is what a
      // reader weighs the quote by (one cut line ended "Code Covered | Code · …", the site lost).
      `<span class="cite-quote-source"><span class="cite-quote-title">${escapeAttr(src.title)}</span> ` +
      `<span class="cite-quote-host">· ${escapeAttr(hostOf(src.url))}</span></span>` +
      `“${escapeAttr(quote)}”</span>`
    );
  });
  return `<sup class="citations">${links.join('')}</sup>`;
}

function replacePlaceholders(html: string, cited: CitedAnswer, labels: AnswerLabels): string {
  const prefix = `cq${++renderSeq}`;
  let out = html.replace(/\uE000(\d+)\uE001/g, (_, i: string) => {
    const sentence = cited.sentences[Number(i)];
    return sentence ? citationLinks(sentence, cited.sources, `${prefix}-${i}`) : '';
  });
  // One quiet mark per unsupported sentence: read by screen readers, never a tab stop.
  const label = escapeAttr(labels.unsupported);
  out = out.replace(
    /\uE002/g,
    `<span class="unsupported-mark" data-testid="unsupported" role="img" title="${label}" aria-label="${label}">?</span>`,
  );
  return out.replace(PRIVATE, '');
}

// Only text markup: nothing that loads (img, video, audio, source, track, iframe, object, svg …),
// runs or styles. Raw HTML in the answer is escaped before this, so these come from markdown alone.
const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'a', 'em', 'strong', 'del', 'code', 'pre', 'blockquote', 'sup', 'sub'],
  ...['ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];
const ALLOWED_ATTR = ['href', 'title', 'align', 'start'];

/**
 * Renders answer markdown to sanitized HTML; with citations, marks supported and unsupported
 * sentences. Links to pages that `isRead` says were not read are shown as plain text with their URL.
 */
export function renderAnswer(
  markdown: string,
  cited: CitedAnswer | null,
  labels: AnswerLabels,
  isRead?: (url: string) => boolean,
): string {
  const useCited = cited !== null && cited.sentences.length > 0;
  const text = useCited ? withPlaceholders(cited) : markdown.replace(PRIVATE, '');
  const source = safeAnswerMarkdown(text, isRead ? { isRead } : {});
  const raw = marked.parse(source, { async: false });
  linkAllowed = isRead ?? null;
  let clean: string;
  try {
    clean = getPurifier().sanitize(raw, { ALLOWED_TAGS, ALLOWED_ATTR });
  } finally {
    linkAllowed = null;
  }
  return useCited ? replacePlaceholders(clean, cited, labels) : clean.replace(PRIVATE, '');
}
