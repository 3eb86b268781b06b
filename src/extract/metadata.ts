/**
 * Page metadata from markup, used where Readability found nothing (non-article pages, or fields
 * Readability does not look for). Reads only the document head and JSON-LD; never visible text.
 */
import * as v from 'valibot';

export interface PageMetadata {
  title: string | null;
  siteName: string | null;
  publishedTime: string | null;
  lang: string | null;
  description: string | null;
}

function meta(doc: Document, names: string[]): string | null {
  for (const name of names) {
    const el = doc.querySelector(
      `meta[property="${name}" i], meta[name="${name}" i], meta[itemprop="${name}" i]`,
    );
    const content = el?.getAttribute('content')?.trim();
    if (content) return content;
  }
  return null;
}

const JsonLdNode = v.looseObject({
  datePublished: v.optional(v.unknown()),
  '@graph': v.optional(v.unknown()),
});

function datePublishedIn(value: unknown, depth: number): string | null {
  if (depth > 4) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = datePublishedIn(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const node = v.safeParse(JsonLdNode, value);
  if (!node.success) return null;
  if (typeof node.output.datePublished === 'string' && node.output.datePublished.trim()) {
    return node.output.datePublished.trim();
  }
  return datePublishedIn(node.output['@graph'], depth + 1);
}

function jsonLdDatePublished(doc: Document): string | null {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      const found = datePublishedIn(JSON.parse(script.textContent ?? ''), 0);
      if (found) return found;
    } catch {
      // Broken JSON-LD is common on real pages; skip it.
    }
  }
  return null;
}

function collapse(text: string | null | undefined): string | null {
  const out = text?.replace(/\s+/g, ' ').trim();
  return out ? out : null;
}

export function readMetadata(doc: Document): PageMetadata {
  return {
    title: collapse(meta(doc, ['og:title', 'twitter:title', 'dc.title'])) ?? collapse(doc.title),
    siteName: collapse(meta(doc, ['og:site_name', 'application-name'])),
    publishedTime:
      meta(doc, ['article:published_time', 'datePublished', 'parsely-pub-date', 'dc.date']) ??
      jsonLdDatePublished(doc),
    lang: collapse(doc.documentElement?.getAttribute('lang')),
    description: collapse(meta(doc, ['og:description', 'description', 'twitter:description'])),
  };
}
