/**
 * Looking at fetched HTML without a browser tab: whether a script builds the page (then a tab must
 * read it), and which elements the page's own <style> blocks hide. A parsed document has no window,
 * so the extractor cannot compute styles; hidden text is a prompt-injection trick, so elements that a
 * page stylesheet rule could hide are marked hidden before extraction (over-removal only costs text).
 * External stylesheets are not fetched: what they hide is not seen here (README, known limits).
 */

const HIDES =
  /(?:^|[;\s])(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|opacity\s*:\s*0*\.?0+\s*(?:!important)?\s*(?:;|$)|font-size\s*:\s*0(?:\.0*)?(?:px|em|rem|%|pt)?\s*(?:!important)?\s*(?:;|$))/i;

/** Selectors of the flat and nested (@media, @supports) rules in `css` whose declarations hide. */
export function hidingSelectors(css: string): string[] {
  const out: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = (m[1] ?? '').trim();
    if (selector && !selector.startsWith('@') && HIDES.test(m[2] ?? '')) out.push(selector);
  }
  return out;
}

/** Marks every element a page <style> rule could hide with `hidden`; returns how many. */
export function hideByPageStyles(doc: Document): number {
  const css = Array.from(doc.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
  let marked = 0;
  for (const selector of hidingSelectors(css)) {
    let found: Element[];
    try {
      found = Array.from(doc.querySelectorAll(selector));
    } catch {
      continue; // a selector this parser does not know; the tab path is not needed for it
    }
    for (const el of found) {
      if (el === doc.body || el === doc.documentElement) continue;
      el.setAttribute('hidden', '');
      marked++;
    }
  }
  return marked;
}

/** Visible text of the body without script, style and template contents. */
function bodyText(doc: Document): string {
  const body = doc.body?.cloneNode(true) as HTMLElement | undefined;
  if (!body) return '';
  for (const el of Array.from(body.querySelectorAll('script, style, template, noscript'))) el.remove();
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * True when the fetched HTML is a shell a script fills in: little text in the body, or a notice that
 * the page needs JavaScript. Such pages are read through a tab.
 */
export function looksScriptBuilt(doc: Document, minChars = 500): boolean {
  const noscript = Array.from(doc.querySelectorAll('noscript'))
    .map((n) => n.textContent ?? '')
    .join(' ');
  if (/enable javascript|javascript is (?:disabled|required)|requires javascript/i.test(noscript))
    return bodyText(doc).length < minChars * 4;
  return bodyText(doc).length < minChars;
}
