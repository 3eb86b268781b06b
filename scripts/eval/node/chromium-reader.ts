import { build } from 'esbuild';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import type { ExtractedPage } from '../../../src/extract/types';
import { checkServerIp } from '../../../src/security/server-address';
import { checkUrl, type UrlPolicy } from '../../../src/security/url-policy';
import type { ReadTabResult } from '../../../src/tools/browse/tabs/tab-reader';
import { readFailure, readPage } from './read-result';

/**
 * `--reader chromium`: the eval reads pages in headless Chromium with the extension's own content
 * script (extension/content/extract-page.ts: wait for the page to settle, then extract), so pages
 * that build their text with scripts read as they do in an agent tab. fetch + jsdom runs no script.
 *
 * One browser for the run, one signed-out context (no cookies, storage or service workers from
 * anyone), a page per read. Every request, each redirect hop included, passes the URL policy before
 * it is sent (DevTools Fetch pauses each one; Playwright's own route() skips redirect hops), images,
 * fonts and media are not loaded, as in agent tabs, and a document whose server answered from a
 * private address is discarded. Anything that is not an HTML page (a PDF, plain text) is read by the
 * fetch reader instead, as the extension reads PDFs without a tab.
 */

export interface ChromiumReaderOptions {
  policy: UrlPolicy;
  timeoutMs: number;
  /** Reads what is not an HTML page (PDFs, text): the fetch reader. */
  fallback: (url: string, signal: AbortSignal) => Promise<ReadTabResult>;
  /** Chromium's executable (default: CHROME_PATH, else /usr/bin/chromium). */
  executablePath?: string;
  /** Extra command-line switches (tests map host names with --host-resolver-rules). */
  args?: readonly string[];
}

export interface ChromiumReader {
  read(url: string, signal: AbortSignal): Promise<ReadTabResult>;
  close(): Promise<void>;
}

const SKIPPED_TYPES = new Set(['Image', 'Font', 'Media']);
// The extension's agent tabs keep up to this much markdown (ExtractOptions' default).
const MAX_CHARS = 200_000;

/** The content script bundled as one classic script, as the extension injects it. */
async function contentScript(): Promise<string> {
  const out = await build({
    entryPoints: [new URL('../../../extension/content/extract-page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'es2022',
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no content script');
  return file.text;
}

const fail = (url: string, reason: string) => readFailure(url, reason, 'new-tab');

/** Pauses every request of the page and lets through only those the URL policy admits. */
async function gateRequests(page: Page, context: BrowserContext, policy: UrlPolicy, refused: string[]) {
  const cdp: CDPSession = await context.newCDPSession(page);
  cdp.on(
    'Fetch.requestPaused',
    (e: { requestId: string; request: { url: string }; resourceType: string }) => {
      const url = e.request.url;
      const local = url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank';
      const ok = local || (!SKIPPED_TYPES.has(e.resourceType) && checkUrl(url, policy).ok);
      if (!ok && !SKIPPED_TYPES.has(e.resourceType)) refused.push(url);
      const reply = ok
        ? cdp.send('Fetch.continueRequest', { requestId: e.requestId })
        : cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' });
      reply.catch(() => undefined);
    },
  );
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}

async function readInPage(
  page: Page,
  target: string,
  o: ChromiumReaderOptions,
  script: string,
  signal: AbortSignal,
  refused: string[],
): Promise<ReadTabResult> {
  const response = await page.goto(target, { waitUntil: 'domcontentloaded', timeout: o.timeoutMs });
  if (refused.length && (!response || page.url() === 'chrome-error://chromewebdata/'))
    return fail(target, `The page redirected to ${refused[0]}, which Sleuth does not open.`);
  if (!response) return fail(target, 'The page could not be loaded.');
  const address = await response.serverAddr();
  const where = checkServerIp(address?.ipAddress, { allowLoopback: o.policy.allowLoopback });
  if (!where.ok) return fail(target, where.reason);
  if (!response.ok()) return fail(target, `The page could not be loaded (HTTP ${response.status()}).`);
  const type = (response.headers()['content-type'] ?? '').toLowerCase();
  if (type && !/html|xml/.test(type)) return o.fallback(target, signal);
  await page.evaluate(script);
  await page.evaluate(() => (globalThis as { __sleuthSettled?: () => Promise<unknown> }).__sleuthSettled?.());
  const extracted = await page.evaluate(
    (maxChars) =>
      (globalThis as { __sleuthExtract?: (o: { maxChars: number }) => unknown }).__sleuthExtract?.({
        maxChars,
      }) ?? null,
    MAX_CHARS,
  );
  if (!extracted) return fail(target, 'The page could not be read.');
  return readPage(target, page.url(), extracted as ExtractedPage, 'new-tab');
}

export async function createChromiumReader(o: ChromiumReaderOptions): Promise<ChromiumReader> {
  const script = await contentScript();
  const browser: Browser = await chromium.launch({
    executablePath: o.executablePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', ...(o.args ?? [])],
  });
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });

  const read = async (url: string, signal: AbortSignal): Promise<ReadTabResult> => {
    const gate = checkUrl(url, o.policy);
    if (!gate.ok) return fail(url, gate.reason);
    const target = gate.url.href;
    const page = await context.newPage();
    const refused: string[] = [];
    const stop = () => void page.close().catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    try {
      await gateRequests(page, context, o.policy, refused);
      return await readInPage(page, target, o, script, signal, refused);
    } catch (err) {
      if (signal.aborted) throw err;
      if (refused.length)
        return fail(target, `The page tried to load ${refused[0]}, which Sleuth does not open.`);
      const text = err instanceof Error ? err.message.split('\n')[0] : String(err);
      return fail(target, `The page could not be loaded (${text}).`);
    } finally {
      signal.removeEventListener('abort', stop);
      stop();
    }
  };
  return {
    read,
    close: async () => {
      await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
    },
  };
}
