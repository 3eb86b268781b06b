import { formatBytes } from '../../llm/progress-stats';
import { ServerAddressRefused } from '../../security/server-address';
import { readCappedBody } from '../browse/fetch/capped-body';
import { pdfToText } from '../browse/fetch/pdf-text';
import type { PageText } from './create-agent-tools';

export const PDF_MAX_BYTES = 30 * 1024 * 1024;

/**
 * PDFs are fetched and parsed instead of opened in a tab (Chrome's viewer exposes no text to
 * scripts). Redirects are refused here (`redirect: 'error'`) because a fetch would follow them
 * before the URL policy could look; such a PDF is left to the tab reader, which checks each hop.
 * A PDF over the size cap fails the visit with that reason (thrown), whether or not the server
 * said how big it is.
 */
export function createPdfReader(deps: {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  workerSrc?: string;
  /** Largest PDF read, in bytes (default 30 MB). */
  maxBytes?: number;
}) {
  const maxBytes = deps.maxBytes ?? PDF_MAX_BYTES;
  return async (url: string, signal: AbortSignal): Promise<PageText | null> => {
    let res: Response;
    try {
      res = await deps.fetch(url, { signal, redirect: 'error', credentials: 'omit' });
    } catch (err) {
      if (signal.aborted || err instanceof ServerAddressRefused) throw err;
      return null;
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !/pdf/i.test(type)) return null;
    const data = await readCappedBody(
      res,
      maxBytes,
      () => `The PDF is larger than ${formatBytes(maxBytes)}, more than Sleuth reads.`,
    );
    const pdf = await pdfToText(data, { signal, ...(deps.workerSrc ? { workerSrc: deps.workerSrc } : {}) });
    return { url, finalUrl: res.url || url, title: pdf.title || url, markdown: pdf.text, links: [] };
  };
}
