/**
 * Injected into a tab to read it. How to call it (executeScript calls in the same isolated world):
 *
 *   await chrome.scripting.executeScript({ target: { tabId }, files: ['<bundled extract-page.js>'] });
 *   // optional, for a page still loading: resolves once it is parsed and quiet (see page-settle.ts);
 *   // agent tabs also get a tiny DOM change watcher at commit, so the quiet spell counts from parsing
 *   await chrome.scripting.executeScript({ target, func: () => globalThis.__sleuthSettled?.() });
 *   const [res] = await chrome.scripting.executeScript({
 *     target: { tabId },
 *     func: (maxChars) => globalThis.__sleuthExtract?.({ maxChars }) ?? null,
 *     args: [200_000],
 *   });
 *   // res.result is an ExtractedPage (plain JSON), or null if the first call did not run.
 *
 * The file only installs functions on the isolated world's global object: a bundled IIFE's
 * completion value is not reliably the last expression, so returning the page from the file itself
 * would be fragile. The isolated world also keeps the page's own scripts from replacing them.
 * Only DOM globals are used here; no extension APIs.
 */
import { extract } from '../../src/extract/extract';
import type { ExtractedPage, ExtractOptions } from '../../src/extract/types';
import {
  type SettleOptions,
  type SettleReason,
  whenSettled,
} from '../../src/tools/browse/in-tab/page-settle';

declare global {
  var __sleuthExtract: ((opts?: ExtractOptions) => ExtractedPage) | undefined;
  var __sleuthSettled: ((opts?: SettleOptions) => Promise<SettleReason>) | undefined;
  /** Set by the change watcher agent tabs get at commit (src/platform/agent-tabs/load.ts). */
  var __sleuthLastChange: number | undefined;
}

globalThis.__sleuthExtract = (opts?: ExtractOptions) => extract(document, location.href, opts);
globalThis.__sleuthSettled = (opts?: SettleOptions) =>
  whenSettled(document, opts, () => globalThis.__sleuthLastChange);
