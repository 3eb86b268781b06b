/**
 * PDF → plain text with pdf.js, for `visit` on PDF URLs.
 *
 * Worker set-up (what the caller must provide):
 * - Node (tests, CLI): nothing; the legacy build runs its worker code in-process.
 * - Extension pages (offscreen document): pass `workerSrc`, the extension URL of pdf.js's worker
 *   file, e.g. `import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'` in the
 *   composition root, then `workerSrc: workerUrl` (vite copies the file into dist/). Without it
 *   pdf.js throws 'No "GlobalWorkerOptions.workerSrc" specified.'.
 */
import * as v from 'valibot';

export interface PdfText {
  title?: string;
  text: string;
  /** Pages read (may be fewer than the document has, see maxPages). */
  pages: number;
  /** Pages in the document. */
  totalPages: number;
}

export interface PdfTextOptions {
  signal?: AbortSignal;
  /** Stop after this many pages (default 50). */
  maxPages?: number;
  workerSrc?: string;
  /** Loads pdf.js; replaceable in tests. Defaults to the legacy build, which also runs in Node. */
  loadPdfjs?: () => Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')>;
}

const TextItem = v.object({ str: v.string(), hasEOL: v.optional(v.boolean()) });
const Info = v.looseObject({ Title: v.optional(v.unknown()) });

/**
 * pdf.js 6 calls Promise.withResolvers, which Chrome has (119+) but Node 20 lacks; installed on
 * first use, never at import time.
 */
function ensurePromiseWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  if (typeof P.withResolvers === 'function') return;
  P.withResolvers = () => {
    let resolve: (value: unknown) => void = () => {};
    let reject: (reason?: unknown) => void = () => {};
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Aborted', 'AbortError');
}

export async function pdfToText(data: ArrayBuffer, opts: PdfTextOptions = {}): Promise<PdfText> {
  const { signal } = opts;
  if (signal?.aborted) throw abortError(signal);
  ensurePromiseWithResolvers();
  const pdfjs = await (opts.loadPdfjs ?? (() => import('pdfjs-dist/legacy/build/pdf.mjs')))();
  if (opts.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = opts.workerSrc;
  // pdf.js may transfer (detach) the buffer it is given; hand it a copy so the caller's stays usable.
  // Text extraction needs no font files; quiet the warning about them.
  const task = pdfjs.getDocument({
    data: new Uint8Array(data.slice(0)),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const onAbort = () => void task.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const doc = await task.promise;
    const limit = Math.min(doc.numPages, opts.maxPages ?? 50);
    const pageTexts: string[] = [];
    for (let n = 1; n <= limit; n++) {
      if (signal?.aborted) throw abortError(signal);
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const raw of content.items) {
        const item = v.safeParse(TextItem, raw);
        if (!item.success) continue;
        text += item.output.str + (item.output.hasEOL ? '\n' : '');
      }
      pageTexts.push(text.replace(/[ \t]+\n/g, '\n').trim());
      page.cleanup();
    }
    let title: string | undefined;
    try {
      const meta = v.safeParse(Info, (await doc.getMetadata()).info);
      if (meta.success && typeof meta.output.Title === 'string' && meta.output.Title.trim()) {
        title = meta.output.Title.trim();
      }
    } catch {
      // Metadata is optional; broken info dictionaries are common.
    }
    const text = pageTexts.filter(Boolean).join('\n\n');
    return { ...(title ? { title } : {}), text, pages: limit, totalPages: doc.numPages };
  } catch (err) {
    if (signal?.aborted) throw abortError(signal);
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await task.destroy();
  }
}
