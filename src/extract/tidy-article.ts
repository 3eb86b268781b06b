/**
 * Second pass, over the article Readability chose: removes what sits inside a story without being
 * part of it. In order: furniture the markup names, captions (by markup, by wording, or by sitting
 * under an image in italics), label lines ("Advertisement", share prompts), the headline, byline and
 * standfirst above the first paragraph, the end matter (from a "References" or "Related stories"
 * heading on), and notes trailing the last paragraph (author bios, photo credits, link lists).
 * If the rules would take most of the text, the article is returned untouched instead.
 */
import { boilerplateKind, nameWords } from './boilerplate-attributes';
import {
  blockText,
  hasDekName,
  isBylineText,
  isChromeText,
  isCreditText,
  isEndMatterHeading,
  wordCount,
} from './boilerplate-text';
import {
  HEADING_TAGS,
  isAllEmphasis,
  leafBlocks,
  linkDensity,
  removeFromHereOn,
  soleTextWrapper,
  textLength,
  textOf,
} from './dom-blocks';

export interface TidyContext {
  title: string | null;
  description: string | null;
  /** Byline and date lines taken out of the text, so the page's metadata can still carry them. */
  moved?: { byline?: string; dateline?: string };
}

// Furniture kinds that are small by nature; a big block so named is more likely the story.
const SMALL_KINDS = new Set(['caption', 'byline', 'meta', 'tags', 'share', 'player', 'screen-reader']);
const SMALL_WORDS = 80;
// A paragraph this long is body text; the lead is what comes before the first one.
const BODY_PARAGRAPH_WORDS = 12;
// Notes after the last paragraph are short: stop trimming once this much (or a quarter) went.
const MAX_TAIL_CHARS = 400;
// Keep the tidied text only if it kept at least this share of Readability's.
const MIN_KEPT = 0.4;

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function sameText(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  return x.length > 0 && y.length > 0 && (x === y || (x.length > 10 && (y.includes(x) || x.includes(y))));
}

function removeNamedFurniture(root: Element): void {
  const total = textLength(root);
  for (const el of Array.from(root.querySelectorAll('*'))) {
    // A heading's text is the heading, whatever its links are called ("toc-backref").
    if (!root.contains(el) || el.closest('h1, h2, h3, h4, h5, h6')) continue;
    const kind = boilerplateKind(el);
    if (!kind) continue;
    const length = textLength(el);
    if (length > total * 0.35) continue;
    if (SMALL_KINDS.has(kind) && wordCount(textOf(el)) > SMALL_WORDS) continue;
    el.remove();
  }
}

const MEDIA = 'img, picture, svg, video, iframe, object, embed';

/** Short italic or credit-like text right under an image is its caption. */
function removeImageCaptions(root: Element): void {
  for (const media of Array.from(root.querySelectorAll(MEDIA))) {
    if (!root.contains(media)) continue;
    const holder = media.closest('p, div, figure, span, a') ?? media;
    // Text in the same block as the image: "<p><img><br><i>caption</i></p>".
    const block = holder.closest('p, div, figure');
    if (block && block !== root && isCaptionBlock(block, 40)) {
      block.remove();
      continue;
    }
    const next = (holder.tagName === 'A' || holder.tagName === 'SPAN' ? holder : media).nextElementSibling;
    if (next && isCaptionBlock(next, 40)) next.remove();
  }
}

function isCaptionBlock(el: Element, maxWords: number): boolean {
  const text = textOf(el);
  if (!text) return false;
  const words = wordCount(text);
  if (words > maxWords) return false;
  return isAllEmphasis(el) || isCreditText(text) || /\bcaption\b/.test(nameWords(el));
}

function removeLabelLines(root: Element): void {
  for (const block of leafBlocks(root)) {
    if (HEADING_TAGS.has(block.tagName)) continue;
    const text = blockText(block);
    if (isChromeText(text) || isCreditText(text)) soleTextWrapper(block, root).remove();
  }
}

function isDateLine(text: string): boolean {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0 || words.length > 12) return false;
  const datey = words.filter((w) =>
    /^(?:\d{1,4}|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|am|pm|utc|gmt|edt|est|pst|pdt|updated)$/i.test(
      w,
    ),
  );
  return datey.length / words.length >= 0.6 && /\d/.test(text);
}

/** Headline, byline, date and standfirst above the first body paragraph. */
function trimLead(root: Element, ctx: TidyContext): void {
  const total = textLength(root);
  for (const block of leafBlocks(root)) {
    if (!root.contains(block)) continue;
    const text = blockText(block);
    const isHeading = HEADING_TAGS.has(block.tagName);
    const header = block.closest('header');
    if (header && root.contains(header) && header !== root && textLength(header) < total * 0.3) {
      header.remove();
      continue;
    }
    const named = block.closest('[class], [id]');
    const dek = named !== null && root.contains(named) && hasDekName(nameWords(named));
    const repeatsTitle = ctx.title !== null && isHeading && sameText(text, ctx.title);
    const repeatsDescription =
      ctx.description !== null && (isHeading || dek) && sameText(text, ctx.description);
    if (repeatsTitle || repeatsDescription || dek) {
      soleTextWrapper(block, root).remove();
      continue;
    }
    // Tables and lists are content: the story has begun.
    if (block.closest('table, ul, ol, dl, pre, blockquote')) return;
    const byline = isBylineText(text);
    if (byline || isDateLine(text)) {
      if (ctx.moved) {
        if (byline) ctx.moved.byline ??= text;
        else ctx.moved.dateline ??= text;
      }
      soleTextWrapper(block, root).remove();
      continue;
    }
    if (!isHeading && wordCount(text) >= BODY_PARAGRAPH_WORDS) return;
  }
}

// End matter is at the end: a matching heading with more than this share of the text after it is
// a section of the story (or a promo line), and only the heading itself goes.
const END_MATTER_SHARE = 0.35;
const PROMO_LINE =
  /^(?:read (?:more|next|also)|more (?:from|on)|related|see also|lire aussi|à lire aussi)\b/i;

function isPseudoHeading(block: Element, text: string): boolean {
  if (HEADING_TAGS.has(block.tagName)) return true;
  if (wordCount(text) > 6) return false;
  // A block that is nothing but an end-matter label ("Trending Articles") works as a heading.
  if (wordCount(text) <= 4 && !/[.!?。]$/.test(text)) return true;
  const bold = Array.from(block.querySelectorAll('b, strong')).reduce((n, b) => n + textOf(b).length, 0);
  return bold >= text.length * 0.9;
}

/** From the first end-matter heading ("References", "Related stories", "Comments") to the end. */
function cutEndMatter(root: Element): void {
  const total = textLength(root);
  let seen = 0;
  for (const block of leafBlocks(root)) {
    if (!root.contains(block)) continue;
    const text = blockText(block);
    if (isPseudoHeading(block, text) && isEndMatterHeading(text)) {
      const after = total - seen;
      if (after <= total * END_MATTER_SHARE) {
        removeFromHereOn(soleTextWrapper(block, root), root);
        return;
      }
      if (PROMO_LINE.test(text)) soleTextWrapper(block, root).remove();
    }
    seen += text.length;
  }
}

const BIO =
  /\b(?:is|was|es|est|ist) (?:a|an|the|un|una|une|ein|eine)?\s*(?:[\p{L}-]+ ){0,4}(?:reporter|writer|editor|correspondent|columnist|journalist|contributor|author|producer|freelance|analyst|professor|researcher|politólogo|periodista|journaliste|redakteur)\b|\b(?:follow (?:him|her|them|me|us) on|on twitter at|email (?:him|her|them) at|covers\b.{0,40}\bfor\b)/iu;

function isTailNote(block: Element): boolean {
  const text = blockText(block);
  const words = wordCount(text);
  if (words === 0) return true;
  if (isChromeText(text) || isCreditText(text) || isBylineText(text)) return true;
  if (words <= 60 && (BIO.test(text) || isAllEmphasis(block))) return true;
  if (words <= 20 && linkDensity(block) >= 0.8) return true;
  // "More games news:" before a list of links.
  return words <= 8 && /[:：]$/.test(text) && !HEADING_TAGS.has(block.tagName);
}

/** Notes after the last body paragraph: bios, credits, "follow us", lists of links. */
function trimTail(root: Element): void {
  const total = textLength(root);
  let removed = 0;
  const blocks = leafBlocks(root);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    if (!block || !root.contains(block)) continue;
    const inList = block.tagName === 'LI' && linkDensity(block) >= 0.8;
    if (!inList && !isTailNote(block)) return;
    removed += textLength(block);
    if (removed > Math.max(total * 0.25, MAX_TAIL_CHARS)) return;
    soleTextWrapper(block, root).remove();
  }
}

/** Short paragraphs that are nothing but a link to elsewhere ("Read the full interview"). */
function removeLinkOnlyLines(root: Element): void {
  for (const block of leafBlocks(root)) {
    if (block.tagName !== 'P' || block.closest('table, li')) continue;
    const text = blockText(block);
    if (wordCount(text) <= 12 && linkDensity(block) >= 0.9 && !/[.!?。]$/.test(text)) block.remove();
  }
}

export function tidyArticle(root: HTMLElement, ctx: TidyContext): HTMLElement {
  const before = textLength(root);
  const work = root.cloneNode(true) as HTMLElement;
  removeNamedFurniture(work);
  removeImageCaptions(work);
  removeLabelLines(work);
  trimLead(work, ctx);
  cutEndMatter(work);
  trimTail(work);
  removeLinkOnlyLines(work);
  return textLength(work) >= before * MIN_KEPT ? work : root;
}
