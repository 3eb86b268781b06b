/**
 * Injected into a tab to read it. How to call it (two executeScript calls, same isolated world):
 *
 *   await chrome.scripting.executeScript({ target: { tabId }, files: ['<bundled extract-page.js>'] });
 *   const [res] = await chrome.scripting.executeScript({
 *     target: { tabId },
 *     func: (maxChars) => globalThis.__sleuthExtract?.({ maxChars }) ?? null,
 *     args: [200_000],
 *   });
 *   // res.result is an ExtractedPage (plain JSON), or null if the first call did not run.
 *
 * The file only installs a function on the isolated world's global object: a bundled IIFE's
 * completion value is not reliably the last expression, so returning the page from the file itself
 * would be fragile. The isolated world also keeps the page's own scripts from replacing it.
 * Only DOM globals are used here; no extension APIs.
 */
import { extract } from '../../src/extract/extract';
import type { ExtractedPage, ExtractOptions } from '../../src/extract/types';

declare global {
  var __sleuthExtract: ((opts?: ExtractOptions) => ExtractedPage) | undefined;
}

globalThis.__sleuthExtract = (opts?: ExtractOptions) => extract(document, location.href, opts);
