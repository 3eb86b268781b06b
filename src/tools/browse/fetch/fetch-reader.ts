/**
 * Reads a page without a tab: fetched signed out (no cookies), no redirects followed (a fetch would
 * follow them before the URL policy could look; such pages go to the tab reader, which checks each
 * hop), then parsed and extracted with the same extractor the tabs run. Plain text is taken as it is.
 * Anything else, and HTML a script builds, returns null: the caller reads it through a tab.
 */
import { extract } from '../../../extract/extract';
import { ServerAddressRefused } from '../../../security/server-address';
import { makeUrlsAbsolute } from './absolute-urls';
import { readCappedBody } from './capped-body';
import { hideByPageStyles, looksScriptBuilt } from './static-page';

export interface FetchedPage {
  url: string;
  finalUrl: string;
  title: string;
  markdown: string;
  links: string[];
}

export interface FetchReaderDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** HTML → document (DOMParser in the offscreen document, jsdom in tests). */
  parse: (html: string) => Document;
  /** Largest page read this way, in bytes (default 5 MB); a larger one goes to the tab. */
  maxBytes?: number;
  /** Less extracted text than this means the page is not a server-rendered article (default 300). */
  minChars?: number;
}

const charsetOf = (type: string) => /charset\s*=\s*["']?([\w-]+)/i.exec(type)?.[1];

function decode(bytes: ArrayBuffer, type: string): string {
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 2048));
  const label = charsetOf(type) ?? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Largest page read by fetch unless told otherwise. */
export const STATIC_MAX_BYTES = 5 * 1024 * 1024;

export function createFetchReader(deps: FetchReaderDeps) {
  const maxBytes = deps.maxBytes ?? STATIC_MAX_BYTES;
  const minChars = deps.minChars ?? 300;
  return async (url: string, signal: AbortSignal): Promise<FetchedPage | null> => {
    let res: Response;
    try {
      res = await deps.fetch(url, {
        signal,
        redirect: 'error',
        credentials: 'omit',
        headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1' },
      });
    } catch (err) {
      // A private server answered: nothing of it is used, and no tab asks it again.
      if (signal.aborted || err instanceof ServerAddressRefused) throw err;
      return null; // a redirect, or a network error the tab reports better
    }
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const html = /text\/html|application\/xhtml\+xml/.test(type);
    if (!res.ok || !(html || type.startsWith('text/plain'))) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    let bytes: ArrayBuffer;
    try {
      bytes = await readCappedBody(res, maxBytes, () => 'too large');
    } catch (err) {
      if (signal.aborted) throw err;
      return null;
    }
    const text = decode(bytes, type);
    const finalUrl = res.url || url;
    if (!html) {
      const body = text.trim();
      return body ? { url, finalUrl, title: finalUrl, markdown: body, links: [] } : null;
    }
    const doc = deps.parse(text);
    if (looksScriptBuilt(doc)) return null;
    makeUrlsAbsolute(doc, finalUrl);
    hideByPageStyles(doc);
    const page = extract(doc, finalUrl, { computedStyle: false });
    // An article the extractor could not pick out here gets the tab's try, with computed styles and
    // the tab's note when it fails there too.
    if (page.problem || page.markdown.trim().length < minChars) return null;
    return { url, finalUrl, title: page.title, markdown: page.markdown, links: page.links.map((l) => l.url) };
  };
}
